"""How a person's marks and verifications were made: the attestations log beside the read log
(``records``: the format and reader; ``log``: the writer). Issue 40."""
