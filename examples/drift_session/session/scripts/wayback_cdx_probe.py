"""Ad-hoc helper written during the example session (illustrative stub).

It only prints the archive query it would make; it does not go online.
"""

import sys

url = sys.argv[1] if len(sys.argv) > 1 else "news.example.invalid/f3"
print(f"would query the archive index for {url} and list snapshots with status 200")
