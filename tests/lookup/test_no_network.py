"""``lookup`` without a network: one line naming ``--offline``, nothing written (issue 37).

"No network" is simulated the way a laptop on a train meets it: every registry
endpoint is a port on 127.0.0.1 where nothing listens (connection refused), or
a host name that does not resolve. The run stops after ``NO_NETWORK_AFTER``
entries, prints one line instead of one per entry, and leaves the passport's
bytes alone. A partial outage (HTTP errors from one service) is not "no
network": its entries are reported ``unreachable`` as before, but an
``unreachable`` verdict is never written into an entry that had no record.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from pathlib import Path

from ars_docs.lookup.batch.run import NO_NETWORK_AFTER
from tests.support.hostile import ars
from tests.support.lookup import HARVEY, entry, lookup_json, lookup_records, passport
from tests.support.scholarly_world import SERVICES, ScholarlyWorld
from tests.support.sessions import CliResult

Cli = Callable[..., CliResult]

HS_TITLE = "Quality culture: understandings, boundaries and linkages"


def closed_port() -> int:
    """A port on 127.0.0.1 with nothing listening (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def offline_config(world: ScholarlyWorld, path: Path, base: str) -> None:
    dead = {name: f"{base}/{name}" for name in world.endpoints()}
    world.write_config(path, endpoints=dead)


def many_entries(n: int) -> list[str]:
    return [
        entry(f"w{i:02d}", f"A study of things number {i}", ["Ngata", "Søndergaard"], 2001 + i,
              doi=f"10.5555/things.{i}")
        for i in range(n)
    ]  # fmt: skip


def test_no_network_is_one_line_naming_offline_and_the_passport_is_untouched(
    lookup_world: ScholarlyWorld, tmp_path: Path
) -> None:
    offline_config(lookup_world, tmp_path / "ars-docs.toml", f"http://127.0.0.1:{closed_port()}")
    path = passport(tmp_path / "passport.yaml", *many_entries(12))
    before = path.read_bytes()
    done = ars(tmp_path, "lookup", "--passport", "passport.yaml", timeout=60)
    assert done.code == 75, done.err
    lines = done.out.decode().splitlines()
    assert len(lines) == 1, lines
    (line,) = lines
    assert line.startswith("lookup: no service could be reached (")
    assert "Connect" in line or "refused" in line, line
    assert "nothing was checked and passport.yaml is unchanged" in line
    assert "ars-docs lookup --offline INDEX" in line
    assert done.err == ""  # no progress line per entry either
    assert path.read_bytes() == before


def test_no_network_in_json_says_so_once_and_stops_early(
    lookup_world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    # A name that cannot resolve (the .invalid TLD is reserved for exactly this).
    offline_config(lookup_world, tmp_path / "ars-docs.toml", "http://registry.ars-docs.invalid")
    path = passport(tmp_path / "p.yaml", *many_entries(10))
    before = path.read_bytes()
    done, report = lookup_json(cli, path, "--concurrency", "1")
    assert done.code == 75
    summary = report["summary"]
    assert summary["no_network"] and "registry.ars-docs.invalid" in summary["no_network"]
    assert summary["checked"] == NO_NETWORK_AFTER  # the other entries were not tried
    assert summary["written"] == []
    assert {e["status"] for e in report["entries"]} == {"unreachable"}
    assert path.read_bytes() == before


def test_an_earlier_record_survives_a_run_without_network(
    lookup_world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    path = passport(
        tmp_path / "p.yaml", entry("hs", HS_TITLE, ["Harvey", "Stensaker"], 2008, doi=HARVEY["DOI"])
    )
    done, _ = lookup_json(cli, path)
    assert done.code == 0 and lookup_records(path)["hs"]["status"] == "found"
    found = path.read_bytes()
    offline_config(lookup_world, tmp_path / "ars-docs.toml", f"http://127.0.0.1:{closed_port()}")
    done, report = lookup_json(cli, path, "--all", "--refresh")
    assert done.code == 75 and report["summary"]["no_network"]  # kept, but not checked now
    assert report["entries"][0]["note"].startswith("kept the found record of ")
    assert path.read_bytes() == found


def test_an_http_outage_is_not_no_network_and_writes_no_unreachable_record_over_nothing(
    lookup_world: ScholarlyWorld, tmp_path: Path, cli: Cli
) -> None:
    for service in SERVICES:
        lookup_world.fail(service, 503, times=None)
    path = passport(tmp_path / "p.yaml", *many_entries(4))
    before = path.read_bytes()
    done, report = lookup_json(cli, path)
    assert done.code == 75
    assert report["summary"]["no_network"] is None
    assert report["summary"]["checked"] == 4  # every entry was tried: the services answered
    assert {e["status"] for e in report["entries"]} == {"unreachable"}
    assert path.read_bytes() == before  # "never looked up" stays what the gate says
    text = cli("lookup", "--passport", path)
    assert text.code == 75
    assert "w00: unreachable" in text.out and "no service could be reached" not in text.out


def test_the_json_shape_of_no_network_is_the_documented_one(
    lookup_world: ScholarlyWorld, tmp_path: Path
) -> None:
    offline_config(lookup_world, tmp_path / "ars-docs.toml", f"http://127.0.0.1:{closed_port()}")
    passport(tmp_path / "passport.yaml", *many_entries(2))
    done = ars(tmp_path, "lookup", "--passport", "passport.yaml", "--format", "json", timeout=60)
    assert done.code == 75
    data = json.loads(done.out)
    assert list(data) == ["summary", "entries", "diagnostics"]  # docs/json.md
    assert data["summary"]["no_network"].startswith("crossref: ")
    assert data["summary"]["written"] == []
