"""The audit Scope Report (§3.2 D2): the report, its verdict fields, Section 0, the lint."""
