"""Output renderers: span-preserving markdown, HTML, and the JSON report."""
