"""Prompt-protection lints of the agent prompts (§6.3, Step 0, Step 3a)."""
