"""What a work is, apart from any session: its identifiers, the text fold, LaTeX in names."""
