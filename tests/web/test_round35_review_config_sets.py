"""Round 35 review: a WebConfig's monitor stores given as a set were listed in the set's own
order, which changes from one start to the next (string hashing): the monitoring page's
/monitoring/1 named another store after a restart. A set is now taken in sorted order."""

from __future__ import annotations

from pathlib import Path


def test_monitor_stores_given_as_a_set_keep_one_order(tmp_path):
    from ethiclens.web import WebConfig

    names = [f"{letter}.sqlite" for letter in "abcdefgh"]
    config = WebConfig(data_dir=tmp_path / "data", monitor_stores=set(reversed(names)))
    assert config.monitor_stores == tuple(Path(n) for n in names)
    hosts = WebConfig(data_dir=tmp_path / "data", allowed_hosts=frozenset({"b.example", "a"}))
    assert hosts.allowed_hosts == ("a", "b.example")
