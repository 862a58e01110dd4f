"""Files on disk: atomic writes, the session lock, git, schema checks, the one cache, YAML."""
