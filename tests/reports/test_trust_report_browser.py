"""The report and the preview in a real browser (issue 26 §3): Debian's ``chromium``.

Skipped, with the reason printed (``-ra``), when no chromium is on PATH
(``apt-get install chromium``). One browser start per check: the DOM as the
page's own script leaves it (counts per status, the filter, a label on every
citation, the evidence card on focus), and screenshots at a desktop and a
400 px width that must not be blank.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from tests.support.report import DRAFT, rich_session
from tests.support.sessions import Session

BROWSER = next(
    (found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))), None
)
needs_browser = pytest.mark.skipif(
    BROWSER is None, reason="no chromium on PATH (Debian: apt-get install chromium)"
)

PROBE = """<script>
window.addEventListener("load", function () { setTimeout(function () {
  var out = { counts: {}, unlabeled: 0 };
  document.querySelectorAll(".c").forEach(function (m) {
    var s = m.hasAttribute("data-u") ? "UNMARKED" : (m.className.match(/\\bs-(\\S+)/) || [])[1];
    out.counts[s] = (out.counts[s] || 0) + 1;
    if (m.textContent.indexOf(s) === -1) { out.unlabeled += 1; }
  });
  var fs = document.getElementById("fs"), q = document.getElementById("q");
  fs.value = "HIGH-WARN"; fs.dispatchEvent(new Event("change"));
  out.filtered = Array.prototype.filter.call(document.querySelectorAll("#st tbody tr"),
    function (r) { return !r.hidden; }).map(function (r) { return r.id; });
  fs.value = ""; fs.dispatchEvent(new Event("change"));
  q.value = "poe nothing-matches"; q.dispatchEvent(new Event("input"));
  out.searched = document.getElementById("shown").textContent;
  q.value = ""; q.dispatchEvent(new Event("input"));
  document.querySelector('a.c[href="#s-med2020"]').focus();
  var tip = document.getElementById("tip");
  out.tip = tip.hidden ? null : tip.textContent;
  var pre = document.createElement("pre"); pre.id = "probe";
  pre.textContent = JSON.stringify(out); document.body.appendChild(pre);
}, 0); });
</script>"""


def run_browser(*args: str) -> subprocess.CompletedProcess[str]:
    assert BROWSER is not None
    return subprocess.run(
        [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *args],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def png_is_blank(path: Path) -> bool:
    """True when the PNG's decoded rows hold (almost) one colour."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat = 8, b""
    width = height = 0
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        body = data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    assert width and height and raw
    return len(set(raw[:: max(1, len(raw) // 200_000)])) < 8


@pytest.fixture
def page(session: Session, cli, monkeypatch: pytest.MonkeyPatch) -> Path:
    rich_session(session)
    session.write("chapter.md", DRAFT, dedent=False)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764400000")
    out = session.root / "report.html"
    result = cli("report", session.root / "chapter.md", "--passport", session.passport, "-o", out)
    assert result.code == 0, result.err
    return out


@needs_browser
def test_the_page_works_in_a_browser(page: Path) -> None:
    probed = page.with_name("probed.html")
    probed.write_text(page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"))
    done = run_browser("--virtual-time-budget=20000", "--dump-dom", probed.as_uri())
    found = re.search(r'<pre id="probe">(.*?)</pre>', done.stdout, re.S)
    assert found, done.stderr[-2000:]
    result = json.loads(html.unescape(found.group(1)))
    assert result["counts"] == {
        "ok": 2,
        "LOW-WARN": 1,
        "MED-WARN": 1,
        "HIGH-WARN": 2,
        "NOT-IN-CORPUS": 1,
        "MALFORMED": 1,
        "UNMARKED": 1,
    }
    assert result["unlabeled"] == 0
    assert sorted(result["filtered"]) == ["s-evil2020", "s-high2020"]
    assert result["searched"] == "0 of 6 shown"
    assert result["tip"] is not None and "med2020" in result["tip"]
    assert "Acquired" in result["tip"] and "ars-docs verify med2020" in result["tip"]


@needs_browser
@pytest.mark.parametrize("width", [1280, 400])
def test_screenshots_are_not_blank(page: Path, width: int) -> None:
    shot = page.with_name(f"shot_{width}.png")
    done = run_browser(f"--window-size={width},1400", f"--screenshot={shot}", page.as_uri())
    assert shot.is_file(), done.stderr[-2000:]
    assert not png_is_blank(shot)


def test_the_blank_check_can_tell_a_blank_image(tmp_path: Path) -> None:
    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    rows = b"".join(b"\x00" + b"\xff\xff\xff" * 64 for _ in range(64))
    white = tmp_path / "white.png"
    white.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 64, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )
    assert png_is_blank(white)


@needs_browser
def test_the_preview_shows_every_citation_in_a_browser(session: Session, cli) -> None:
    session.write("chapter.md", DRAFT, dedent=False)
    rich_session(session)
    out = session.root / "preview.html"
    result = cli(
        "render",
        session.root / "chapter.md",
        "--to",
        "html",
        "--passport",
        session.passport,
        "-o",
        out,
    )
    assert result.code == 0, result.err
    probe = """<script>window.addEventListener("load", function () { setTimeout(function () {
      var b = document.querySelectorAll(".ars-cite"), out = { n: b.length, unlabeled: 0 };
      b.forEach(function (m) { var s = m.className.split(" s-")[1];
        if (m.textContent.indexOf(s) === -1 || !m.title) { out.unlabeled += 1; } });
      out.banner = document.querySelector(".ars-banner").textContent;
      var pre = document.createElement("pre"); pre.id = "probe";
      pre.textContent = JSON.stringify(out); document.body.appendChild(pre); }, 0); });
    </script>"""
    probed = out.with_name("probed.html")
    probed.write_text(out.read_text(encoding="utf-8").replace("</body>", probe + "</body>"))
    done = run_browser("--virtual-time-budget=20000", "--dump-dom", probed.as_uri())
    found = re.search(r'<pre id="probe">(.*?)</pre>', done.stdout, re.S)
    assert found, done.stderr[-2000:]
    seen = json.loads(html.unescape(found.group(1)))
    assert seen["n"] == 8 and seen["unlabeled"] == 0  # every marker, malformed included
    assert "Preview — not the final document." in seen["banner"]
    assert "would refuse" in seen["banner"]
