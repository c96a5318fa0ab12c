"""Whether an address is loopback, in one place: ``ethiclens serve``'s ``--host`` (no token
needed there, :func:`~ethiclens.web._settings.is_loopback`) and the app's own judgement of the
socket a request came in on (a network address without a token is refused; a loopback one
checks the Host header against DNS rebinding) read it alike. A module of its own because
``_settings`` imports ``_app``, so ``_app`` cannot import ``_settings``."""

from __future__ import annotations

import ipaddress


def address_is_loopback(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """A loopback address: 127.0.0.0/8, ::1, or an IPv4-mapped 127.x (``::ffff:127.0.0.1``,
    which ``ipaddress`` alone does not call loopback)."""
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or (mapped is not None and mapped.is_loopback)
