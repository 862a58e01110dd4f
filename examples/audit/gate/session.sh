#!/usr/bin/env bash
# One audit-gate session, offline: audit → gate → MATERIAL → revise → round 2
# → PASS. `ars-docs audit run` drives the scripted fake auditor of
# examples/audit/ (fake_codex.py), replaying the stream files beside this
# script instead of calling codex. Builds a throw-away repository in
# examples/audit/gate/out/; every step checks the exit code docs/audit.md
# documents (0 proceed, 1 block, 2 needs a decision). Needs `ars-docs` and `git`.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/out"
rm -rf "$out" && mkdir -p "$out"
cp -R "$here/../bundle/." "$out/"
cd "$out" || exit 1
git init -q
mkdir -p shared/templates
ars-docs audit template > shared/templates/codex_audit_multifile_template.md
git add -A
git -c user.name=example -c user.email=example@example.org commit -q -m "chapter 4 bundle"
printf '# Material Passport (comments are kept)\nsession_id: example-1\nliterature_corpus: []\n' > passport.yaml
export ARS_CODEX="$here/../fake_codex.py"

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
    echo "examples/audit/gate/session.sh: expected exit $expected, got $code: $(quoted "$@")" >&2
    exit 1
  fi
}
bundle=(--stage 2 --agent synthesis_agent --deliverable chapter_4/synthesis.md
        --supporting chapter_4/bibliography.json)
gate=(ars-docs audit gate --passport passport.yaml "${bundle[@]:0:6}")

step 1 "no audit yet: blocked, with the command to run" -- "${gate[@]}"
FAKE_CODEX_STREAM="$here/material_round1.jsonl" \
  step 0 "round 1: the auditor finds a P1" -- ars-docs audit run "${bundle[@]}" --round 1
step 1 "the gate merges round 1: MATERIAL blocks, names the round-2 command" -- "${gate[@]}"
verdict=$(ls audit_artifacts/consumed/*.audit_artifact_entry.json | sed 's|consumed/||; s|audit_artifact_entry.json$|verdict.yaml|')
sed -i.bak 's/Currently the field agrees/As of 2026 most of the cited surveys agree/' chapter_4/synthesis.md && rm -f chapter_4/synthesis.md.bak
FAKE_CODEX_STREAM="$here/pass_round2.jsonl" \
  step 0 "round 2 on the revised deliverable" -- \
  ars-docs audit run "${bundle[@]}" --round 2 --previous-findings "$verdict"
step 0 "the gate merges round 2: PASS, proceed" -- "${gate[@]}"
step 0 "again (a resume): Path A re-verifies the entry, writes nothing" -- "${gate[@]}" --format json
echo
echo "examples/audit/gate/session.sh: all steps behaved as documented; ledger in $out/passport.yaml"
