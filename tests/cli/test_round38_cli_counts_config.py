"""Round 38: ``ethiclens counts --config spec.yaml`` reads the target, roles and bins from an
audit spec as ``ethiclens audit --config`` does (flags override it); a bad config is refused in
audit's words, and a key a counts table is not made of (policy, outputs, ...) by name."""

from __future__ import annotations

import pytest

from ethiclens.cli import main


@pytest.fixture(scope="module")
def where(tmp_path_factory):
    d = tmp_path_factory.mktemp("counts38")
    rows = ["y,p,g"] + [f"{i % 2},{(i // 2) % 2},{'ab'[i % 3 == 0]}" for i in range(12)]
    (d / "d.csv").write_text("\n".join(rows) + "\n")
    roles = "roles: {y_true: y, y_pred: p, protected: [g]}\n"
    (d / "c.yaml").write_text(f"target: {{file: {d / 'd.csv'}}}\n{roles}")
    (d / "p.yaml").write_text(f"target: {{file: {d / 'd.csv'}}}\n{roles}policy: {{seed: 3}}\n")
    two = roles.replace("y_pred: p", "y_pred: [p, y]")  # a comparison's: counted the first alone
    (d / "two.yaml").write_text(f"target: {{file: {d / 'd.csv'}}}\n{two}")
    (d / "counts.yaml").write_text(f"target: {{counts: {d / 'd.csv'}}}\n{roles}")
    return d


def test_a_config_counts_as_the_flags_do(where, capsys):
    flags = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert (
        main(
            [
                "counts",
                str(where / "d.csv"),
                *flags,
                "--out",
                str(where / "a.csv"),
                "--engine",
                "pandas",
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "counts",
                "--config",
                str(where / "c.yaml"),
                "--out",
                str(where / "b.csv"),
                "--engine",
                "pandas",
            ]
        )
        == 0
    )
    assert (where / "a.csv").read_bytes() == (where / "b.csv").read_bytes()


@pytest.mark.parametrize(
    ("config", "said"),
    [
        ("p.yaml", "key 'policy.seed': is not used by a counts table"),
        (
            "two.yaml",
            "key 'roles.y_pred': gives two models' predictions; a counts table counts one",
        ),
        ("counts.yaml", "key 'target': cannot count a counts target"),
        ("nope.yaml", "option '--config': file nope.yaml does not exist"),
        (".", "option '--config': . is a folder"),
    ],
)
def test_a_bad_config_is_refused_in_one_line(where, capsys, config, said):
    path = config if config == "nope.yaml" else str(where / config)
    said = said.replace(" . ", f" {path} ")
    assert main(["counts", "--config", path, "--out", str(where / "x.csv")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and said in err, err
