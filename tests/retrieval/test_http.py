"""The polite HTTP layer (§3.5, §8 Risk 4): ResearchGate refusal, intervals,
Retry-After, back-off, redirects, timeouts and the response cache. Fake
transport and fake clocks: nothing here waits for real."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime, timezone
from email.utils import format_datetime
from pathlib import Path

import pytest

from ars_docs.retrieval.config import RetrievalConfig
from ars_docs.retrieval.net.cache import ResponseCache
from ars_docs.retrieval.net.http import (
    PoliteHttp,
    Politeness,
    check_url,
    parse_retry_after,
    redact_url,
)
from ars_docs.retrieval.net.transport import (
    BaseTransport,
    BlockedHost,
    HttpxTransport,
    TransportError,
    is_blocked_host,
)
from ars_docs.retrieval.reasons import Reason
from ars_docs.retrieval.types import FetchFailure, RawResponse
from tests.support.retrieval import Reply, World

UA = "ars-docs/test (mailto:researcher@example.org)"


class FakeTime:
    """A monotonic clock that only moves when something sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(round(seconds, 6))
        self.now += seconds

    def monotonic(self) -> float:
        return self.now

    def wall(self) -> float:
        return 1_700_000_000.0 + self.now


class FakeTransport(BaseTransport):
    """Answers from a table of URL -> list of replies; records what was sent."""

    def __init__(self, table: Mapping[str, list[RawResponse] | Callable[[], RawResponse]]) -> None:
        self.table = {k: v if callable(v) else list(v) for k, v in table.items()}
        self.sent: list[tuple[str, dict[str, str]]] = []

    def send(
        self,
        url: str,
        headers: Mapping[str, str],
        *,
        timeout: float,
        deadline: float,
        max_bytes: int,
    ) -> RawResponse:
        self.sent.append((url, dict(headers)))
        replies = self.table.get(url)
        if replies is None:
            return RawResponse(404, {}, b"")
        if callable(replies):
            return replies()
        return replies.pop(0) if len(replies) > 1 else replies[0]


def ok(body: bytes = b"%PDF-1.4 fake", **headers: str) -> RawResponse:
    return RawResponse(200, headers, body)


def polite(
    transport: BaseTransport, clock: FakeTime, *, cache: ResponseCache | None = None, **knobs: float
) -> PoliteHttp:
    return PoliteHttp(
        transport,
        Politeness(user_agent=UA, **knobs),  # type: ignore[arg-type]
        cache=cache,
        sleep=clock.sleep,
        monotonic=clock.monotonic,
        wall=clock.wall,
    )


# -- ResearchGate: never contacted ------------------------------------------------------


@pytest.mark.parametrize(
    "host",
    [
        "researchgate.net",
        "www.researchgate.net",
        "WWW.ResearchGate.NET",
        "www.researchgate.net.",
        "a.b.researchgate.net",
        "researchgate\u3002net",
    ],
)
def test_researchgate_hosts_are_blocked(host: str) -> None:
    assert is_blocked_host(host)


@pytest.mark.parametrize("host", ["researchgate.net.example.org", "notresearchgate.net", "doi.org"])
def test_other_hosts_are_not_blocked(host: str) -> None:
    assert not is_blocked_host(host)


@pytest.mark.parametrize(
    "url",
    [
        "https://www.researchgate.net/publication/1.pdf",
        "http://researchgate.net:8080/x",
        "https://user@www.researchgate.net/x",
    ],
)
def test_researchgate_url_is_refused_before_any_request(url: str) -> None:
    clock = FakeTime()
    transport = FakeTransport({url: [ok()]})
    with pytest.raises(FetchFailure) as raised:
        polite(transport, clock).get(url)
    assert raised.value.reason is Reason.BLOCKED_HOST
    assert transport.sent == []


def test_redirect_into_researchgate_is_refused_at_the_hop() -> None:
    clock = FakeTime()
    rg = "https://www.researchgate.net/publication/1.pdf"
    transport = FakeTransport({"https://pub.example/a": [RawResponse(302, {"location": rg}, b"")]})
    with pytest.raises(FetchFailure) as raised:
        polite(transport, clock).get("https://pub.example/a")
    assert raised.value.reason is Reason.BLOCKED_HOST
    assert [url for url, _ in transport.sent] == ["https://pub.example/a"]


@pytest.mark.parametrize(
    ("start", "target", "says"),
    [
        ("https://pub.example/a", "http://169.254.169.254/latest/meta-data/", "link-local"),
        ("http://127.0.0.1:8000/a", "http://169.254.169.254/x", "link-local"),
        ("https://pub.example/a", "http://[fe80::1]/x", "link-local"),
        ("https://pub.example/a", "http://[::ffff:169.254.1.1]/x", "link-local"),
        ("https://pub.example/a", "http://127.0.0.1:9000/admin", "loopback address 127.0.0.1"),
        ("https://pub.example/a", "http://10.0.0.5/x", "private address 10.0.0.5"),
        ("http://8.8.8.8/a", "http://192.168.1.1/x", "from 8.8.8.8 to the private"),
        # Issue 38: the same machines in the other spellings the C resolver reads.
        ("https://pub.example/a", "http://0xa9fea9fe/x", "link-local address 169.254.169.254"),
        ("https://pub.example/a", "http://2852039166/x", "link-local address 169.254.169.254"),
        ("https://pub.example/a", "http://0251.0376.0251.0376/", "link-local address 169.254."),
        ("https://pub.example/a", "http://169.254.43518/x", "link-local address 169.254.169.254"),
        ("https://pub.example/a", "http://2130706433/x", "loopback address 127.0.0.1"),
        ("https://pub.example/a", "http://127.1/x", "loopback address 127.0.0.1"),
        ("https://pub.example/a", "http://0x7f000001/x", "loopback address 127.0.0.1"),
        ("https://pub.example/a", "http://0x7f.1/x", "loopback address 127.0.0.1"),
        ("https://pub.example/a", "http://127.0.0.1./x", "loopback address 127.0.0.1"),
        ("https://pub.example/a", "http://[::ffff:7f00:1]/x", "loopback address 127.0.0.1"),
        ("https://pub.example/a", "http://[::1]/x", "loopback address ::1"),
        ("https://pub.example/a", "http://localhost:5000/x", "loopback address 127.0.0.1"),
        ("https://pub.example/a", "http://0/x", "unspecified address 0.0.0.0"),
        ("https://pub.example/a", "http://224.0.0.1/x", "multicast address"),
        ("https://pub.example/a", "http://100.64.0.1/x", "address 100.64.0.1"),
        # A local endpoint no longer vouches for other local machines (the allowance is
        # the configured endpoints' addresses, not whatever the redirecting hop is).
        ("http://127.0.0.1:8000/a", "http://10.0.0.5/b", "private address 10.0.0.5"),
        ("http://localhost:8000/a", "http://2130706434/b", "loopback address 127.0.0.2"),
    ],
)
def test_a_redirect_into_the_machines_own_network_is_refused_at_the_hop(
    start: str, target: str, says: str
) -> None:
    transport = FakeTransport({start: [RawResponse(302, {"location": target}, b"")]})
    with pytest.raises(FetchFailure) as raised:
        polite(transport, FakeTime()).get(start)
    assert raised.value.reason is Reason.BLOCKED_HOST
    assert says in raised.value.detail and "not followed" in raised.value.detail
    assert [url for url, _ in transport.sent] == [start]


@pytest.mark.parametrize(
    ("start", "target"),
    [
        ("https://pub.example/a", "https://cdn.example/b"),  # names are judged at connect time
        ("https://pub.example/a", "http://8.8.4.4/b"),
        ("https://pub.example/a", "http://134744072/b"),  # 8.8.8.8 spelled as one number
    ],
)
def test_other_redirects_are_followed(start: str, target: str) -> None:
    transport = FakeTransport(
        {start: [RawResponse(302, {"location": target}, b"")], target: [ok()]}
    )
    assert polite(transport, FakeTime()).get(start).url == target


@pytest.mark.parametrize(
    ("endpoint", "target"),
    [
        ("http://127.0.0.1:8000/a", "http://127.0.0.1:8000/b"),  # a local test server
        ("http://127.0.0.1:8000/a", "http://127.0.0.1:9000/b"),  # another one beside it
        ("http://127.0.0.1:8000/a", "http://2130706433:9000/b"),  # the same address
        ("http://localhost:8000/a", "http://[::1]:9000/b"),
        ("http://10.0.0.5/api", "http://10.0.0.5/mirror/b"),
    ],
)
def test_a_redirect_may_lead_to_a_configured_local_endpoints_address(
    endpoint: str, target: str
) -> None:
    transport = FakeTransport(
        {endpoint: [RawResponse(302, {"location": target}, b"")], target: [ok()]}
    )
    config = RetrievalConfig(endpoints={"doi_resolver": endpoint})
    politeness = Politeness.from_config(config, UA)
    http = PoliteHttp(transport, politeness, sleep=FakeTime().sleep)
    assert http.get(endpoint).url == target


def test_a_configured_local_endpoint_never_allows_link_local_targets() -> None:
    start = "http://169.254.1.1/a"
    config = RetrievalConfig(endpoints={"doi_resolver": start})
    transport = FakeTransport({start: [RawResponse(302, {"location": "http://0xa9fe0101/"}, b"")]})
    http = PoliteHttp(transport, Politeness.from_config(config, UA), sleep=FakeTime().sleep)
    with pytest.raises(FetchFailure, match=r"link-local address 169\.254\.1\.1"):
        http.get(start)


@pytest.mark.parametrize("url", ["ftp://example.org/x.pdf", "/relative.pdf", "http://", "x:y"])
def test_non_http_urls_are_invalid(url: str) -> None:
    with pytest.raises(FetchFailure) as raised:
        check_url(url)
    assert raised.value.reason is Reason.INVALID_URL


# -- politeness -------------------------------------------------------------------------


def test_min_interval_per_host() -> None:
    clock = FakeTime()
    transport = FakeTransport(
        {
            "https://a.example/1": [ok()],
            "https://a.example/2": [ok()],
            "https://b.example/1": [ok()],
        }
    )
    http = polite(transport, clock, min_interval=1.0)
    http.get("https://a.example/1")
    http.get("https://b.example/1")  # another host: no wait
    assert clock.sleeps == []
    clock.now += 0.25
    http.get("https://a.example/2")  # same host 0.25 s later: waits the rest of the second
    assert clock.sleeps == [0.75]
    assert http.sent == 3


def test_user_agent_carries_the_contact_address() -> None:
    transport = FakeTransport({"https://a.example/": [ok()]})
    polite(transport, FakeTime()).get("https://a.example/")
    assert transport.sent[0][1]["user-agent"] == UA


def test_retry_after_seconds_is_honoured() -> None:
    clock = FakeTime()
    url = "https://api.example/x"
    transport = FakeTransport({url: [RawResponse(429, {"retry-after": "7"}, b""), ok()]})
    answer = polite(transport, clock, min_interval=0).get(url)
    assert answer.status == 200 and answer.tries == 2
    assert clock.sleeps == [7.0]


def test_retry_after_http_date_is_honoured() -> None:
    clock = FakeTime()
    url = "https://api.example/x"
    when = datetime.fromtimestamp(clock.wall() + 30, tz=timezone.utc)
    header = format_datetime(when, usegmt=True)
    transport = FakeTransport({url: [RawResponse(503, {"retry-after": header}, b""), ok()]})
    assert polite(transport, clock, min_interval=0).get(url).status == 200
    assert clock.sleeps == [30.0]


def test_429_makes_the_host_slower_for_the_rest_of_the_run() -> None:
    clock = FakeTime()
    transport = FakeTransport(
        {
            "https://a.example/1": [RawResponse(429, {"retry-after": "0"}, b""), ok()],
            "https://a.example/2": [ok()],
        }
    )
    http = polite(transport, clock, min_interval=1.0)
    http.get("https://a.example/1")
    clock.sleeps.clear()
    http.get("https://a.example/2")
    assert clock.sleeps == [2.0]  # the interval doubled after the 429


def test_retry_after_longer_than_max_wait_gives_up_without_waiting() -> None:
    clock = FakeTime()
    url = "https://api.example/x"
    transport = FakeTransport({url: [RawResponse(429, {"retry-after": "3600"}, b"")]})
    with pytest.raises(FetchFailure) as raised:
        polite(transport, clock, min_interval=0, max_wait=120).get(url)
    assert raised.value.reason is Reason.RATE_LIMITED
    assert "3600" in raised.value.detail and "max_wait" in raised.value.detail
    assert clock.sleeps == []


def test_exponential_backoff_on_5xx_then_the_last_answer() -> None:
    clock = FakeTime()
    url = "https://pub.example/x"
    transport = FakeTransport({url: [RawResponse(502, {}, b"bad gateway")]})
    answer = polite(transport, clock, min_interval=0, backoff=2.0, max_retries=3).get(url)
    assert answer.status == 502 and answer.tries == 4
    assert clock.sleeps == [2.0, 4.0, 8.0]


def test_persistent_429_ends_after_max_retries() -> None:
    clock = FakeTime()
    url = "https://api.example/x"
    transport = FakeTransport({url: [RawResponse(429, {"retry-after": "1"}, b"")]})
    answer = polite(transport, clock, min_interval=0, max_retries=2).get(url)
    assert answer.status == 429 and len(transport.sent) == 3
    assert clock.sleeps == [1.0, 1.0]


def test_a_bot_challenge_is_not_retried() -> None:
    clock = FakeTime()
    url = "https://news.example/a"
    challenge = RawResponse(503, {"cf-mitigated": "challenge"}, b"<title>Just a moment...</title>")
    transport = FakeTransport({url: [challenge]})
    assert polite(transport, clock, min_interval=0).get(url).status == 503
    assert len(transport.sent) == 1 and clock.sleeps == []


# -- redirects --------------------------------------------------------------------------


def test_redirects_are_followed_and_recorded() -> None:
    clock = FakeTime()
    transport = FakeTransport(
        {
            "https://doi.example/10.1/x": [
                RawResponse(302, {"location": "https://pub.example/x"}, b"")
            ],
            "https://pub.example/x": [RawResponse(301, {"location": "/x/pdf"}, b"")],
            "https://pub.example/x/pdf": [ok()],
        }
    )
    answer = polite(transport, clock, min_interval=0).get("https://doi.example/10.1/x")
    assert answer.url == "https://pub.example/x/pdf"
    assert answer.redirects == ("https://doi.example/10.1/x", "https://pub.example/x")


def test_redirect_loop_is_a_network_error() -> None:
    loop = RawResponse(302, {"location": "https://a.example/loop"}, b"")
    transport = FakeTransport({"https://a.example/loop": [loop]})
    with pytest.raises(FetchFailure) as raised:
        polite(transport, FakeTime(), min_interval=0).get("https://a.example/loop")
    assert raised.value.reason is Reason.NETWORK_ERROR and "redirects" in raised.value.detail


def test_authorization_is_not_forwarded_to_another_host() -> None:
    transport = FakeTransport(
        {
            "https://api.example/w": [RawResponse(302, {"location": "https://cdn.example/f"}, b"")],
            "https://cdn.example/f": [ok()],
        }
    )
    polite(transport, FakeTime(), min_interval=0).get(
        "https://api.example/w", {"Authorization": "Bearer secret"}
    )
    assert transport.sent[0][1]["authorization"] == "Bearer secret"
    assert "authorization" not in transport.sent[1][1]


# -- failures from the transport --------------------------------------------------------


def test_transport_errors_become_reasons() -> None:
    def boom() -> RawResponse:
        raise TransportError("ConnectError: connection refused")

    transport = FakeTransport({"https://down.example/": boom})
    with pytest.raises(FetchFailure) as raised:
        polite(transport, FakeTime()).get("https://down.example/")
    assert raised.value.reason is Reason.NETWORK_ERROR


@pytest.fixture
def world() -> Iterator[World]:
    with World() as w:
        yield w


def test_real_timeout_against_a_slow_server(world: World) -> None:
    world.route("/slow", Reply(200, b"late", delay=1.5))
    http = PoliteHttp(HttpxTransport(), Politeness(user_agent=UA, timeout=0.2, min_interval=0))
    started = time.monotonic()
    with pytest.raises(FetchFailure) as raised:
        http.get(world.url("/slow"))
    assert raised.value.reason is Reason.TIMEOUT
    assert time.monotonic() - started < 1.0
    http.close()


def test_real_size_limit(world: World) -> None:
    world.route("/big", Reply(200, b"x" * 50_000))
    http = PoliteHttp(HttpxTransport(), Politeness(user_agent=UA, max_bytes=10_000))
    with pytest.raises(FetchFailure) as raised:
        http.get(world.url("/big"))
    assert raised.value.reason is Reason.TOO_LARGE
    http.close()


def test_the_real_transport_refuses_researchgate_too() -> None:
    transport = HttpxTransport()
    with pytest.raises(BlockedHost):
        transport.send("https://www.researchgate.net/x", {}, timeout=1, deadline=1, max_bytes=10)
    transport.close()


def test_real_connection_refused() -> None:
    http = PoliteHttp(HttpxTransport(), Politeness(user_agent=UA, timeout=1))
    with pytest.raises(FetchFailure) as raised:
        http.get("http://127.0.0.1:9/")  # discard port: nothing listens
    assert raised.value.reason in (Reason.NETWORK_ERROR, Reason.TIMEOUT)
    http.close()


# -- the response cache -----------------------------------------------------------------


def test_cache_serves_a_rerun_without_sending(tmp_path: Path) -> None:
    clock = FakeTime()
    url = "https://api.example/works?api_key=SECRET&q=x"
    transport = FakeTransport({url: [ok(b'{"a": 1}')]})
    cache = ResponseCache(tmp_path, max_age=3600, wall=clock.wall, writable=True)
    first = polite(transport, clock, cache=cache, min_interval=0).get(url)
    second = polite(transport, clock, cache=cache, min_interval=0).get(url)
    assert not first.from_cache and second.from_cache
    assert second.body == b'{"a": 1}' and len(transport.sent) == 1
    stored = b"".join(p.read_bytes() for p in tmp_path.rglob("*.http"))
    assert b"SECRET" not in stored  # keys never reach the disk


def test_cache_expires_and_skips_transient_answers(tmp_path: Path) -> None:
    clock = FakeTime()
    cache = ResponseCache(tmp_path, max_age=60, wall=clock.wall, writable=True)
    transport = FakeTransport(
        {"https://a.example/ok": [ok()], "https://a.example/busy": [RawResponse(503, {}, b"")]}
    )
    polite(transport, clock, cache=cache, min_interval=0, max_retries=0).get("https://a.example/ok")
    polite(transport, clock, cache=cache, min_interval=0, max_retries=0).get(
        "https://a.example/busy"
    )
    assert len(list(tmp_path.rglob("*.http"))) == 1  # the 503 is not cached
    clock.now += 61
    polite(transport, clock, cache=cache, min_interval=0).get("https://a.example/ok")
    assert [u for u, _ in transport.sent].count("https://a.example/ok") == 2


def test_read_only_cache_writes_nothing(tmp_path: Path) -> None:
    clock = FakeTime()
    cache = ResponseCache(tmp_path / "c", max_age=60, wall=clock.wall, writable=False)
    transport = FakeTransport({"https://a.example/": [ok()]})
    polite(transport, clock, cache=cache).get("https://a.example/")
    assert not (tmp_path / "c").exists()


def test_parse_retry_after() -> None:
    assert parse_retry_after("120", 0) == 120.0
    assert parse_retry_after("soon", 0) is None
    assert parse_retry_after(None, 0) is None
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", 2e9) == 0.0


def test_redact_url() -> None:
    assert redact_url("https://a.example/w?api_key=s3cret&mailto=me@x.org") == (
        "https://a.example/w?api_key=REDACTED&mailto=me@x.org"
    )
    assert redact_url("https://a.example/w") == "https://a.example/w"


# -- links taken from answers are judged like redirects (issue 38) -------------------------


@pytest.mark.parametrize(
    ("link", "says"),
    [
        ("http://169.254.169.254/latest/meta-data/", "link-local address 169.254.169.254"),
        ("http://0xa9fea9fe/latest/", "link-local address 169.254.169.254 (0xa9fea9fe)"),
        ("http://2852039166/latest/", "link-local address 169.254.169.254 (2852039166)"),
        ("http://10.0.0.5/paper.pdf", "private address 10.0.0.5"),
        ("http://127.1/paper.pdf", "loopback address 127.0.0.1 (127.1)"),
        ("http://localhost:9/paper.pdf", "loopback address 127.0.0.1 (localhost)"),
    ],
)
def test_a_document_link_to_the_machines_own_network_is_never_asked(link: str, says: str) -> None:
    transport = FakeTransport({link: [ok()]})
    with pytest.raises(FetchFailure) as raised:
        polite(transport, FakeTime()).get(link, judge_first=True)
    assert raised.value.reason is Reason.BLOCKED_HOST
    assert raised.value.detail == f"a link to the {says}; not followed"
    assert transport.sent == []  # refused before anything is sent


def test_an_endpoint_url_is_asked_as_configured_and_a_link_beside_it_may_follow() -> None:
    endpoint, link = "http://127.0.0.1:8000/api", "http://127.0.0.1:9000/paper.pdf"
    transport = FakeTransport({endpoint: [ok(b"{}")], link: [ok()]})
    config = RetrievalConfig(endpoints={"doi_resolver": endpoint})
    http = PoliteHttp(transport, Politeness.from_config(config, UA), sleep=FakeTime().sleep)
    assert http.get(endpoint).status == 200  # a configured endpoint: not judged
    assert http.get(link, judge_first=True).status == 200  # its address is allowed
    with pytest.raises(FetchFailure):
        http.get("http://10.0.0.5/paper.pdf", judge_first=True)  # another local machine
