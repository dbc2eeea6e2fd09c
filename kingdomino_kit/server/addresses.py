"""Where the page server listens, which ``Host`` names it answers to, and how its own kernels
reach it back — one rule for the class server whatever serves the pages.

- ``--host 127.0.0.1`` (one laptop): the server answers to ``127.0.0.1`` and ``localhost``;
- ``--host 10.0.0.5`` (a class, the default being this machine's address on its network,
  :func:`own_address`): to ``10.0.0.5`` alone; a name (``--host teacher.local``): to the name
  and to every address it resolves to (``localhost`` too when one of them is loopback);
- ``--host 0.0.0.0`` (every IPv4 address) or ``--host ::`` (every IPv6 address): to every
  address this machine's interfaces have *at the time of the request* (loopback included) and
  ``localhost`` — :func:`interface_hosts`;

and never to any other name, so that a web page elsewhere (DNS rebinding) cannot reach the
server through a student's browser. An IPv6 address is written as a browser sends it in
``Host``: in brackets (``[fd00::5]``).

A preheated kernel fetches its visitor's request from the server itself: it must use an
address the server listens on (:func:`reach_address`) — the listening address itself, or
loopback for a wildcard.

>>> served_hosts("127.0.0.1")
('127.0.0.1', 'localhost')
>>> served_hosts("198.18.34.1"), url_host("fd00::5"), reach_address("0.0.0.0")
(('198.18.34.1',), '[fd00::5]', '127.0.0.1')
"""

from __future__ import annotations

import ipaddress
import socket
from types import MappingProxyType

import psutil

__all__ = ["WILDCARDS", "interface_hosts", "own_address", "reach_address", "served_hosts",
           "url_host"]

WILDCARDS = MappingProxyType({"0.0.0.0": socket.AF_INET, "::": socket.AF_INET6})
"""The addresses that listen on every address of one family."""


def url_host(address: str) -> str:
    """``address`` as it is written in a URL and a ``Host`` header: an IPv6 address in
    brackets, anything else as it is (lower case)."""
    address = address.lower()
    try:
        parsed = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return address
    return f"[{parsed.compressed}]" if parsed.version == 6 else parsed.compressed


def own_address(family: int = socket.AF_INET) -> str:
    """This machine's address on its network (the one a route out would use), or loopback
    when it has no route (nothing is sent: a UDP socket is only connected)."""
    target, loopback = (("192.0.2.1", "127.0.0.1") if family == socket.AF_INET
                        else ("2001:db8::1", "::1"))      # documentation addresses
    with socket.socket(family, socket.SOCK_DGRAM) as s:
        try:
            s.connect((target, 9))
            return str(s.getsockname()[0])
        except OSError:
            return loopback


def interface_hosts(family: int) -> frozenset[str]:
    """Every address of ``family`` this machine's interfaces have now, as ``Host`` names
    (IPv6 in brackets; link-local IPv6 addresses, which need a zone, left out)."""

    found = set()
    for addresses in psutil.net_if_addrs().values():
        for entry in addresses:
            if entry.family == family and "%" not in entry.address:
                found.add(url_host(entry.address))
    return frozenset(found)


def served_hosts(host: str) -> tuple[str, ...]:
    """The ``Host`` names a server listening on ``host`` answers to, whatever the interfaces
    have (a wildcard's interface addresses are added by :func:`interface_hosts` at each
    request)."""
    host = host.lower()
    if host in WILDCARDS:
        return ("localhost",)
    names = {url_host(host)}
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        found = []
    for *_, sockaddr in found:
        names.add(url_host(str(sockaddr[0])))
    if any(ipaddress.ip_address(name.strip("[]")).is_loopback for name in names
           if _is_address(name)):
        names.add("localhost")
    return tuple(sorted(names))


def reach_address(host: str) -> str:
    """The address (URL form) on which this machine's own processes reach a server listening
    on ``host``: the same address, or loopback for a wildcard."""
    host = host.lower()
    if host in WILDCARDS:
        return "127.0.0.1" if WILDCARDS[host] == socket.AF_INET else "[::1]"
    return url_host(host)


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True
