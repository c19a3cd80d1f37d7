"""`mqtts://`: the lobby talks TLS to a broker whose certificate it trusts, and says in words when
it cannot trust one. The test makes its own certificate authority and a Mosquitto TLS listener
on loopback."""

from __future__ import annotations

import datetime
import ipaddress
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from game.netplay.lobby import Connected, Problem
from game.netplay.lobby.guest import GuestLobby
from game.netplay.shell.lobby_mqtt import LobbyConnection
from tests.helpers.mosquitto import events_until, running_mosquitto

# real sockets on loopback (or a network namespace of the test's own)
pytestmark = pytest.mark.net


def _certificate(
    subject: str, key: ec.EllipticCurvePrivateKey, issuer: tuple[str, ec.EllipticCurvePrivateKey]
) -> x509.Certificate:
    now = datetime.datetime.now(datetime.timezone.utc)
    builder = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)]))
        .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer[0])]))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
    )
    if subject == issuer[0]:
        builder = builder.add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
    else:
        names = [x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]
        builder = builder.add_extension(x509.SubjectAlternativeName(names), False)
    return builder.sign(issuer[1], hashes.SHA256())


def _pki(folder: Path) -> tuple[Path, Path, Path]:
    folder.mkdir(parents=True)
    ca_key, server_key = (
        ec.generate_private_key(ec.SECP256R1()),
        ec.generate_private_key(ec.SECP256R1()),
    )
    ca = _certificate("Canasta test CA", ca_key, ("Canasta test CA", ca_key))
    server = _certificate("127.0.0.1", server_key, ("Canasta test CA", ca_key))
    paths = (folder / "ca.pem", folder / "server.pem", folder / "server.key")
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(server.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(
        server_key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return paths


def test_mqtts_connects_to_a_trusted_broker_and_refuses_an_untrusted_one_in_words(
    tmp_path: Path,
) -> None:
    ca, certificate, key = _pki(tmp_path / "pki")
    tls = f"cafile {ca}\ncertfile {certificate}\nkeyfile {key}\n"
    with running_mosquitto(tmp_path / "broker", extra=tls) as broker:
        url = f"mqtts://127.0.0.1:{broker.port}"
        trusting = LobbyConnection(url, GuestLobby(), ca_certs=str(ca))
        try:
            assert Connected(url, "MQTT 5") in events_until(trusting, Connected)
        finally:
            trusting.close()
        wary = LobbyConnection(url, GuestLobby())  # the system's authorities only
        try:
            (problem,) = events_until(wary, Problem)
        finally:
            wary.close()
        assert isinstance(problem, Problem)
        assert problem.text.startswith(
            f"The lobby server at 127.0.0.1:{broker.port} could not prove who it is ("
        )
        assert "mqtts:// needs a certificate this computer trusts" in problem.text
