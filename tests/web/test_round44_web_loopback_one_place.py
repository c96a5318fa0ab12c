"""Round 44 (web): whether an address is loopback was written three times (``_settings.is_loopback``
for ``--host``; ``_app._network_address`` and ``_app._loopback`` for the socket a request came in
on). Now one function, ``web/_loopback.address_is_loopback``, which all three call: they cannot
drift apart (a spelling ``serve`` takes as loopback but the app refuses as a network address)."""

from __future__ import annotations

import ipaddress

import pytest

from ethiclens.web import _app, _loopback, _settings

ADDRESSES = ["127.0.0.1", "127.8.9.1", "::1", "::ffff:127.0.0.1", "::ffff:7f00:2",
             "0.0.0.0", "::", "10.0.0.1", "::ffff:10.0.0.1", "fe80::1", "2001:db8::1"]  # fmt: skip


def test_loopback_is_judged_in_one_module_only():
    # the very function, not a grep of the sources for one spelling of the rule (which a
    # comment quoting it failed, and a copy written otherwise passed)
    assert _app.address_is_loopback is _loopback.address_is_loopback
    assert _settings.address_is_loopback is _loopback.address_is_loopback


@pytest.mark.parametrize("text", ADDRESSES)
def test_serve_and_the_app_read_an_address_alike(text):
    local = _loopback.address_is_loopback(ipaddress.ip_address(text))
    assert _settings.is_loopback(text) is local
    network = _app._network_address({"server": (text, 8765)})
    assert (network is None) is local
