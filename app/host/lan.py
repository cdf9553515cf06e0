"""Work out the address phones on the same network can reach this machine at."""

from __future__ import annotations

import ipaddress
import socket


def _usable(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    return ip.version == 4 and not ip.is_loopback and not ip.is_link_local


def lan_address() -> str:
    """This machine's LAN IPv4 address, or 127.0.0.1 when it has none."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        candidates = [str(info[4][0]) for info in infos]
    except OSError:
        candidates = []
    private = [a for a in candidates if _usable(a) and ipaddress.ip_address(a).is_private]
    if private:
        return private[0]
    # Ask the kernel which source address it would route from. A UDP connect() sends
    # no packet; it only picks a route.
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never answered
            address = str(probe.getsockname()[0])
            if _usable(address):
                return address
    except OSError:
        pass
    return "127.0.0.1"
