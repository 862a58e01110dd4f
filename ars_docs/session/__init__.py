"""The session's files: passport and corpus, read log and the human-read
writer (§3.6), the trust view that joins them, YAML/JSON reading and in-place
editing, the folder lock, atomic writes and the clock."""
