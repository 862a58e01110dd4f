"""Rules about the project as a whole: layout, docs, packaging, examples, hooks."""
