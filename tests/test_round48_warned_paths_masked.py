"""Round 48: a Python run of a spec asking for outputs warned 'outputs.json not written: ...
(pathlib.Path('out password=hunter2.json').write_text(...)' with the path's secret unmasked
(the command line masks every warning line, and refuses such a path when it writes it). The
warning is masked (_secrets.mask_secrets) as the command line masks it."""

from __future__ import annotations

import warnings

import ethiclens

NAME = "out password=hunter2.json"


def _spec(tmp_path):
    (tmp_path / "d.csv").write_text("y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n")
    spec = tmp_path / "s.yaml"
    spec.write_text(
        f"target: {{file: {tmp_path / 'd.csv'}}}\nroles: {{y_true: y, y_pred: p, "
        f'protected: [g]}}\noutputs: {{json: "{NAME}"}}\n'
    )
    ethiclens.audit(str(spec))


def test_a_warning_naming_a_path_masks_its_secret(tmp_path):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _spec(tmp_path)
    texts = [str(w.message) for w in caught if "password=" in str(w.message)]
    assert texts and all("hunter2" not in t and "password=***" in t for t in texts)
