"""Round 43 review (rcfg2): 'ethiclens thresholds --save-config' of a spec that would read as an
audit's (its y_pred kept: an audit's config given to the view) wrote no thresholds section, so
ethiclens.run(saved) ran an audit; it now records the view's threshold (0.5 too), as the web's
view config does, and a score-only view's saved config stays as it was."""

from __future__ import annotations

import pandas as pd

import ethiclens
from ethiclens.cli import main
from ethiclens.fairness import ThresholdTable
from ethiclens.spec import AuditSpec


def test_a_saved_view_config_runs_the_view(tmp_path, capsys):
    s = [i / 20 for i in range(20)]
    rows = {"y": [i % 2 for i in range(20)], "s": s, "g": ["a", "b"] * 10}
    pd.DataFrame(rows | {"p": [int(v >= 0.5) for v in s]}).to_csv(tmp_path / "d.csv", index=False)
    roles = "roles: {y_true: y, y_score: s, protected: [g]"
    for name, extra in (("with_pred", ", y_pred: p}"), ("score_only", "}")):
        config, saved = tmp_path / f"{name}.yaml", tmp_path / f"{name}_saved.yaml"
        config.write_text(f"target: {{file: {tmp_path / 'd.csv'}}}\n{roles}{extra}\n")
        assert main(["thresholds", "--config", str(config), "--save-config", str(saved)]) == 0
        capsys.readouterr()
        assert isinstance(ethiclens.run(saved), ThresholdTable)
        written = AuditSpec.from_file(saved).to_dict(minimal=True)
        assert ("thresholds" in saved.read_text()) == (name == "with_pred")
        assert written == AuditSpec.from_file(config).to_dict(minimal=True) | {
            k: v
            for k, v in written.items()
            if k == "policy"  # the seed drawn and recorded
        }
