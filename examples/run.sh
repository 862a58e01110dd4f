#!/usr/bin/env bash
# The whole ars-docs flow on the bundled example session, in examples/out/.
# Each step checks the exit code it expects, so this script fails loudly if
# ars-docs stops behaving as documented. Needs `ars-docs` on PATH (see README).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/out"
rm -rf "$out" && mkdir -p "$out"
cp "$here"/chapter.md "$here"/clean_section.md "$here"/passport.yaml \
   "$here"/passport_human_read_log.yaml "$out"/
cp -R "$here"/sources "$out"/   # stand-ins for the acquired originals (verify checks they exist)
cd "$out" || exit 1
export SOURCE_DATE_EPOCH=1795424400   # 2026-11-23T09:00:00Z: reproducible, after the example's marks
export PYTHONUNBUFFERED=1             # keep report and diagnostics in order

# Bold command lines on a terminal only: no escape codes in logs, pipes or CI.
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then
  bold=$'\033[1m' plain=$'\033[0m'
else
  bold='' plain=''
fi

quoted() {  # the words as a shell reads them back: a pasted line runs the same command
  local word line='' q="'" qq="'\"'\"'"
  for word in "$@"; do
    if [[ $word =~ ^[A-Za-z0-9@%+=:,./_-]+$ ]]; then
      line+=" $word"
    else
      line+=" '${word//$q/$qq}'"
    fi
  done
  printf '%s' "${line# }"
}

step() {  # step EXPECTED_EXIT DESCRIPTION -- COMMAND...
  local expected=$1 what=$2; shift 3
  printf '\n%s$ %s%s   # %s\n' "$bold" "$(quoted "$@")" "$plain" "$what"
  "$@"
  local code=$?
  if [ "$code" -ne "$expected" ]; then
    echo "examples/run.sh: expected exit $expected, got $code: $(quoted "$@")" >&2
    exit 1
  fi
}

step 1 "the example passport breaks firm rules on purpose" -- \
  ars-docs lint corpus passport.yaml
step 0 "resolve every marker by the provenance matrix" -- \
  ars-docs finalize chapter.md --passport passport.yaml
step 0 "a second pass changes nothing" -- \
  ars-docs finalize chapter.md --passport passport.yaml --check
step 0 "preview: markers stripped, visible warnings kept" -- \
  ars-docs render chapter.md --to html -o chapter_preview.html
step 1 "the terminal gate refuses the chapter and writes nothing" -- \
  ars-docs render chapter.md --strict --passport passport.yaml
[ ! -e chapter_final.md ] || { echo "gate wrote output although it refused" >&2; exit 1; }
step 0 "piwowar_2018's original is on file: record that its description was checked" -- \
  ars-docs verify piwowar_2018 --yes --method manual_grep --note "title, authors, table 2" \
    --passport passport.yaml
step 65 "an entry without an original cannot be verified; nothing written" -- \
  ars-docs verify harvey_green_1993 --yes --method manual_grep --passport passport.yaml
step 0 "you have read ji_2023 in full: say so" -- \
  ars-docs mark-read ji_2023 --yes --passport passport.yaml --note "read the survey, sections 1-5"
step 0 "only a table-of-contents read: recorded, does not promote" -- \
  ars-docs mark-read lewis_2020 --yes --scope toc_only --passport passport.yaml
step 0 "the next pass: ji_2023 LOW-WARN -> ok, piwowar_2018 (read before) MED-WARN -> ok" -- \
  ars-docs finalize chapter.md --passport passport.yaml
step 0 "active marks in the human-read log" -- \
  ars-docs list-read --passport passport.yaml
step 65 "a key that is not in the corpus is refused; nothing written" -- \
  ars-docs mark-read ji2023 --yes --passport passport.yaml
step 0 "a section citing only human-read, verified sources" -- \
  ars-docs finalize clean_section.md --passport passport.yaml
step 1 "the gate also asks whether each cited work exists and is not retracted: nothing looked them up yet" -- \
  ars-docs render clean_section.md --strict --passport passport.yaml -o clean_section_final.md
[ ! -e clean_section_final.md ] || { echo "gate wrote output although it refused" >&2; exit 1; }
step 0 "a session that cannot look works up opts out, and the verdict says so (or: require_lookup = false under [gate] in ars-docs.toml)" -- \
  ars-docs render clean_section.md --strict --passport passport.yaml --no-require-lookup \
    -o clean_section_unchecked.md
step 0 "build a snapshot index from registry dumps (Crossref/OpenAlex JSON lines; offline, no network)" -- \
  ars-docs lookup index build "$here"/lookup/snapshot.jsonl -o snapshot.idx -q
step 0 "look the two cited works up: they exist, match the passport, are not retracted" -- \
  ars-docs lookup harvey_stensaker_2008 biggs_1996 --offline snapshot.idx --passport passport.yaml
step 0 "passes the gate; the final document has no markers" -- \
  ars-docs render clean_section.md --strict --passport passport.yaml -o clean_section_final.md

step 1 "the deep-research dispatcher refuses the chapter; the payload says why" -- \
  ars-docs dispatch chapter.md --passport passport.yaml
step 0 "and emits the clean section" -- \
  ars-docs dispatch clean_section.md --passport passport.yaml

step 0 "the session as one page: drafts, sources, evidence (open report.html in a browser)" -- \
  ars-docs report chapter.md clean_section.md --passport passport.yaml -o report.html
grep -q 'would pass' report.html || { echo "the report does not show the clean section passing" >&2; exit 1; }
step 0 "the same data model as JSON, for other dashboards" -- \
  ars-docs report chapter.md clean_section.md --passport passport.yaml --format json -o report.json -q

printf '\n--- lookup: is each cited work real, what the passport says, not retracted?\n'
# Offline, from the synthetic snapshot of examples/lookup/ (no network needed).
mkdir -p lookup && cp "$here"/lookup/passport.yaml "$here"/lookup/draft.md lookup/
step 1 "lookup finds a retracted work and a DOI that names another paper" -- \
  ars-docs lookup --offline snapshot.idx --passport lookup/passport.yaml
step 0 "finalize shows both as visible warnings" -- \
  ars-docs finalize lookup/draft.md --passport lookup/passport.yaml
step 1 "the gate refuses them" -- \
  ars-docs render lookup/draft.md --strict --passport lookup/passport.yaml
step 0 "cite the retracted work on purpose, with a reason" -- \
  ars-docs acknowledge-retraction wielgosz_2020 --passport lookup/passport.yaml \
    --reason "cited as an example of a retracted claim"
step 0 "finalize again: the acknowledged retraction no longer shows" -- \
  ars-docs finalize lookup/draft.md --passport lookup/passport.yaml
grep -q "RETRACTED SOURCE" lookup/draft.md && { echo "the acknowledged retraction still shows" >&2; exit 1; }
grep -q "METADATA MISMATCH" lookup/draft.md || { echo "the mismatch warning is gone" >&2; exit 1; }

printf '\nOutputs in %s:\n' "$out"
ls -1 "$out"
