"""Round 27: a baseline that cannot be read (missing, truncated, not an audit report, from a
newer EthicLens) is refused before the audit runs, so no audit's work is spent and lost; its
comparison with the run (the spec, the references) is still decided once the audit exists."""

import json

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, _run, run_audit


def _never_loaded(*_args, **_kwargs):
    raise AssertionError("the target was loaded before the baseline was checked")


@pytest.mark.parametrize("kind", ["missing", "truncated", "not a report"])
def test_a_bad_baseline_is_refused_before_the_target_loads(tmp_path, monkeypatch, kind):
    path = tmp_path / "base.json"
    if kind == "truncated":
        path.write_text('{"schema_version": "1.0", "comparisons": [')
    elif kind == "not a report":
        path.write_text(json.dumps({"hello": 1}))
    monkeypatch.setattr(_run, "load_target", _never_loaded)
    spec = AuditSpec.from_dict({"target": {"dataset": "compas"}, "gate": {"baseline": str(path)}})
    with pytest.raises(EthicLensInputError) as exc:
        run_audit(spec)
    assert "key 'gate.baseline'" in str(exc.value)


def test_the_command_line_prints_no_table_for_a_missing_baseline(tmp_path, capsys):
    from ethiclens.cli import main

    out = tmp_path / "z.json"
    argv = ["audit", "compas", "--baseline", str(tmp_path / "typo.json"), "--json", str(out)]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert "option '--baseline'" in captured.err and "does not exist" in captured.err
    assert captured.out == "" and not out.exists()
