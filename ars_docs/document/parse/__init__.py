"""Reading a draft: the markdown-it-py parse, HTML, front matter, prose, code."""
