#!/usr/bin/env sh
# Ad-hoc check written during the example session (illustrative stub):
# a retrieved file counts only if page one shows the title and an author surname.
# usage: first_page_grep.sh FILE.txt "title fragment" surname
head -n 40 "$1" | grep -qi -- "$2" && head -n 40 "$1" | grep -qi -- "$3"
