"""The audit-artifact gate of the step-6 audit spec (seed 004): schemas, the
JSONL event stream, sidecar, verdict, bundle manifest, invariant rows, the
audit wrapper and the stage-transition gate."""
