"""The deep-research dispatcher and its handoff payload (§4 Step 3e)."""
