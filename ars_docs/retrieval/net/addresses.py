"""Which machine a URL's host names, judged as the connection will see it (issue 38 §4).

A host is spelled many ways: ``2130706433``, ``0x7f000001``, ``127.1``,
``0177.0.0.1`` and ``127.0.0.1.`` all reach 127.0.0.1, because the C
resolver (``inet_aton``, which ``getaddrinfo`` uses for numeric hosts) reads
decimal, hex and octal parts and dotted short forms. ``literal`` reads a
host the same way — through the C library itself — so a redirect check
cannot be talked past with a spelling; ``public`` says whether an address
is one a remote server may send us to (not private, loopback, link-local,
multicast, unspecified, reserved, shared or an IPv4 address wrapped in
IPv6); ``resolve`` gives the addresses a host name stands for, within a
time limit, for the connection-time check in ``wire.py``; ``only_public``
marks (for this thread) a request that may reach only public addresses and
the allowed ones — a redirect hop — for that check to read.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
import threading
from collections.abc import Iterator

__all__ = [
    "Address",
    "allowance",
    "describe",
    "is_loopback_name",
    "literal",
    "only_public",
    "public",
    "resolve",
    "unwrap",
]

Address = ipaddress.IPv4Address | ipaddress.IPv6Address

# inet_aton would also accept "1.2.3.4 anything": only digits, hex and dots are a literal.
_NUMERIC = re.compile(r"(?:0[xX][0-9a-fA-F]*|[0-9]+)(?:\.(?:0[xX][0-9a-fA-F]*|[0-9]+)){0,3}")
# RFC 6761: these names are the machine itself, whatever a resolver says.
_LOOPBACK_NAMES = ("localhost", "localhost.localdomain")


def literal(host: str | None) -> Address | None:
    """The address ``host`` spells when it is an address literal in any form the C
    resolver accepts (one trailing dot allowed), else ``None`` (a name)."""
    if not host:
        return None
    name = host.strip()
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    if ":" in name:
        try:
            return ipaddress.IPv6Address(name.split("%", 1)[0])
        except ValueError:
            return None
    name = name[:-1] if name.endswith(".") else name
    if not _NUMERIC.fullmatch(name):
        return None
    try:
        return ipaddress.IPv4Address(socket.inet_aton(name))
    except (OSError, ValueError):  # a part too large for its place: not an address
        return None


def is_loopback_name(host: str | None) -> bool:
    """``localhost`` and its subdomains (RFC 6761), with or without a trailing dot."""
    name = (host or "").strip().rstrip(".").lower()
    return name in _LOOPBACK_NAMES or name.endswith(".localhost")


def unwrap(address: Address) -> Address:
    """The IPv4 address inside an IPv4-mapped, IPv4-compatible, NAT64 or 6to4 IPv6 address,
    so each is judged as the machine it reaches."""
    if isinstance(address, ipaddress.IPv4Address):
        return address
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    packed = address.packed
    if packed[:12] == bytes(12) and packed[12:] not in (bytes(4), bytes(3) + b"\x01"):
        return ipaddress.IPv4Address(packed[12:])  # ::a.b.c.d, the deprecated compatible form
    if address in _NAT64:
        return ipaddress.IPv4Address(packed[12:])
    return address


_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


def public(address: Address) -> bool:
    """Whether a remote server may send us to ``address``: a global unicast address."""
    seen = unwrap(address)
    return seen.is_global and not seen.is_multicast


def describe(address: Address) -> str:
    """What kind of non-public address this is, for the refusal message."""
    seen = unwrap(address)
    for kind, yes in (
        ("link-local", seen.is_link_local),
        ("loopback", seen.is_loopback),
        ("multicast", seen.is_multicast),
        ("unspecified", seen.is_unspecified),
        ("private", seen.is_private),
    ):
        if yes:
            return kind
    return "reserved"


def resolve(host: str, port: int, within: float) -> list[Address]:
    """The addresses ``host`` resolves to (a literal is itself), waiting at most ``within``
    seconds: ``getaddrinfo`` has no timeout of its own, so it runs in a helper thread that
    is left behind when it takes longer."""
    found = literal(host)
    if found is not None:
        return [found]
    result: list[Address] = []
    problem: list[BaseException] = []

    def ask() -> None:
        try:
            for *_, sockaddr in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM):
                address = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
                if address not in result:
                    result.append(address)
        except (OSError, UnicodeError, ValueError) as exc:
            problem.append(exc)

    helper = threading.Thread(target=ask, name=f"resolve {host}", daemon=True)
    helper.start()
    helper.join(max(within, 0.0))
    if helper.is_alive():
        raise TimeoutError(f"resolving {host} took longer than {within:g} s")
    if problem:
        raise OSError(f"cannot resolve {host}: {problem[0]}")
    return list(result)


_guard = threading.local()


@contextlib.contextmanager
def only_public(allowed: frozenset[Address]) -> Iterator[None]:
    """Connections this thread opens inside the block go only to public addresses or to
    ``allowed`` ones (``wire.GuardedBackend`` checks it at connect time)."""
    before = getattr(_guard, "allowed", None)
    _guard.allowed = frozenset(unwrap(a) for a in allowed)
    try:
        yield
    finally:
        _guard.allowed = before


def allowance() -> frozenset[Address] | None:
    """The non-public addresses this thread's connections may reach, or ``None``: no guard."""
    found: frozenset[Address] | None = getattr(_guard, "allowed", None)
    return found
