"""Which names the class server answers to, where its kernels reach it, and where it keeps the
class's progress — decided before anything listens (no server started here)."""

from __future__ import annotations

import argparse
import ipaddress
import socket
import subprocess
from pathlib import Path

import pytest

from kingdomino_kit.cli.app import class_folder, shared_host
from kingdomino_kit.server.addresses import (
    interface_hosts,
    own_address,
    reach_address,
    served_hosts,
    url_host,
)
from kingdomino_kit.server.gate import Room


def _ip_addresses(family: str) -> set[str]:
    """This machine's addresses as ``ip`` lists them (the slow, obvious way)."""
    out = subprocess.run(["ip", "-o", family, "addr", "show"], check=True, capture_output=True,
                         text=True).stdout
    found = set()
    for line in out.splitlines():
        address = ipaddress.ip_interface(line.split()[3]).ip
        if address.version == 4:
            found.add(str(address))
        elif not address.is_link_local:
            found.add(f"[{address.compressed}]")
    return found


def test_a_wildcard_answers_to_every_interface_address_now() -> None:
    assert interface_hosts(socket.AF_INET) == _ip_addresses("-4")
    assert interface_hosts(socket.AF_INET6) == _ip_addresses("-6")
    assert "127.0.0.1" in interface_hosts(socket.AF_INET)
    assert "[::1]" in interface_hosts(socket.AF_INET6)


def test_the_names_of_each_kind_of_host() -> None:
    assert served_hosts("127.0.0.1") == ("127.0.0.1", "localhost")
    assert served_hosts("198.18.34.1") == ("198.18.34.1",)      # not loopback: not localhost
    assert served_hosts("::1") == ("[::1]", "localhost")
    assert served_hosts("FD00::0005") == ("[fd00::5]",)
    assert set(served_hosts("localhost")) >= {"localhost", "127.0.0.1"}
    assert served_hosts("0.0.0.0") == served_hosts("::") == ("localhost",)
    assert [url_host(a) for a in ("10.0.0.5", "fd00::5", "[fd00::5]", "Teacher.LOCAL")] == \
        ["10.0.0.5", "[fd00::5]", "[fd00::5]", "teacher.local"]


def test_the_kernels_reach_the_address_the_server_listens_on() -> None:
    assert reach_address("198.18.34.1") == "198.18.34.1"
    assert reach_address("0.0.0.0") == "127.0.0.1"
    assert reach_address("::") == "[::1]"
    assert reach_address("fd00::5") == "[fd00::5]"


def test_the_gate_answers_to_its_addresses_and_nothing_else() -> None:
    one = Room(hosts=served_hosts("198.18.34.1"), listen="198.18.34.1")
    assert one.answers_to("198.18.34.1")
    for other in ("127.0.0.1", "localhost", "0.0.0.0", "198.18.34.2", "evil.example"):
        assert not one.answers_to(other), other
    every = Room(hosts=served_hosts("0.0.0.0"), listen="0.0.0.0")
    for mine in _ip_addresses("-4") | {"localhost", "LOCALHOST"}:
        assert every.answers_to(mine), mine
    for other in ("0.0.0.0", "evil.example", "198.18.255.254", "[::1]"):
        assert not every.answers_to(other), other
    v6 = Room(hosts=served_hosts("::"), listen="::")
    assert v6.answers_to("[::1]") and not v6.answers_to("127.0.0.1")


def test_the_url_to_share_is_an_address_students_can_reach() -> None:
    assert shared_host("198.18.34.1") == "198.18.34.1"
    assert shared_host("0.0.0.0") == own_address()
    assert shared_host("::") == url_host(own_address(socket.AF_INET6))
    assert shared_host("0.0.0.0") != "0.0.0.0"


def test_a_relative_folder_is_made_absolute_where_the_command_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert class_folder("period-3") == tmp_path / "period-3"
    assert class_folder("a/../period-3").is_absolute()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert class_folder("~/room") == tmp_path / "home" / "room"


def test_the_class_settings_carry_only_absolute_paths(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from kingdomino_kit.cli.app import settings

    monkeypatch.chdir(tmp_path)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    args = argparse.Namespace(classroom=True, host="127.0.0.1", port=port, students=2,
                              folder="kingdomino-class", code="1234-5678", voila=False)
    _, gate, lines = settings(args)
    assert gate.store_path == tmp_path / "kingdomino-class" / "class.db"
    assert gate.store_path.exists() and str(gate.store_path) in lines


def test_by_default_a_class_listens_on_the_network_address_it_prints(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kingdomino_kit.cli.app import settings

    monkeypatch.chdir(tmp_path)
    address = own_address()
    with socket.socket() as s:                    # a free port there (bound only, nothing sent)
        s.bind((address, 0))
        port = s.getsockname()[1]
    args = argparse.Namespace(classroom=True, host=None, port=port, students=2,
                              folder="kingdomino-class", code="1234-5678", voila=False)
    _, gate, lines = settings(args)
    assert gate.listen == address and gate.hosts == served_hosts(address)
    assert f"Share with the class: http://{address}:{port}/" in lines
    alone = argparse.Namespace(classroom=False, host=None, port=port, students=30,
                               folder="kingdomino-class", code=None, voila=False)
    assert settings(alone)[1].listen == "127.0.0.1"       # one laptop: loopback only
