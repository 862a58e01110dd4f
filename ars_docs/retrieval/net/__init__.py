"""The polite HTTP layer retrieve and lookup share: one request per host at a time,
retries and Retry-After, redirects checked hop by hop, the run's memory and the
response cache (§3.5)."""
