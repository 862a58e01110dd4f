"""The identity judge: is this file the cited work? The ordered decision, where
things sit on a page, names as printed, documents about the work, the work's record
(§3.5, issues 15 and 22)."""
