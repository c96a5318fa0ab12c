"""Round 38: a command line a refusal suggests stays whole on every face. Renaming flags to a
config file's keys or a Python caller's words (errors.EthicLensInputError.renamed) renamed them
inside 'ethiclens CMD --flag ...' too: ethiclens.run(AuditSpec.from_file(...)) of a counts table
with an impossible cell said "recount the cell (ethiclens counts roles.y_score)". A FaceFix's
command-line words were not renamed at all ("given as --protected" to a config file's user), and
spec.count_target named flags to a Python caller."""

from __future__ import annotations

from ethiclens.errors import EthicLensInputError, FaceFix

WORDS = {"--protected": "roles.protected", "--bins": "groups.bins", "--counts": "target.counts"}


def said(fix: str) -> str:
    return EthicLensInputError("bad", column="--bins", fix=fix).renamed({}, "key", WORDS).fix


def test_a_command_line_is_kept_and_the_prose_around_it_renamed():
    fix = "count with --protected g: ethiclens audit --counts FILE --protected g=a; or drop --bins"
    assert said(fix) == (
        "count with roles.protected g: ethiclens audit --counts FILE --protected g=a; "
        "or drop groups.bins"
    )


def test_commas_in_a_value_and_a_positional_argument_stay_in_the_command():
    fix = "run ethiclens counts d.csv --bins age=0,25 --protected g, then drop --bins"
    assert (
        said(fix)
        == "run ethiclens counts d.csv --bins age=0,25 --protected g, then drop groups.bins"
    )
    assert said("(ethiclens counts --protected g), or --bins.") == (
        "(ethiclens counts --protected g), or groups.bins."
    )


def test_a_shell_quoted_value_is_one_piece_of_the_command():
    fix = "ethiclens audit --counts FILE --protected 'g=a; b'; or drop --bins"
    assert said(fix) == "ethiclens audit --counts FILE --protected 'g=a; b'; or drop groups.bins"


def test_user_text_that_looks_like_a_placeholder_is_not_touched():
    fix = "rename column '\x000\x00' (--protected); ethiclens audit --protected g"
    assert said(fix) == "rename column '\x000\x00' (roles.protected); ethiclens audit --protected g"


def test_a_face_fix_names_the_key_in_its_command_line_words_too():
    fix = FaceFix("pandas df['g'].dt.year", "a year column given as --protected")
    out = EthicLensInputError("dates", column="g", fix=fix).renamed({}, None, WORDS)
    assert isinstance(out.fix, FaceFix) and out.fix.cli == "a year column given as roles.protected"
    assert str(out.fix) == "pandas df['g'].dt.year"


def test_a_python_spec_of_an_impossible_counts_cell_keeps_the_command(tmp_path, monkeypatch):
    import ethiclens
    from ethiclens.spec import AuditSpec

    monkeypatch.chdir(tmp_path)
    head = "g,y_true,y_pred,score_bin,count,score_sum"
    (tmp_path / "c.csv").write_text(f"{head}\na,1,0,7,1,1000\nb,0,1,2,1,0.2\n")
    roles = "{y_true: y_true, y_pred: [y_pred], protected: [g], y_score: y_score}"
    (tmp_path / "a.yaml").write_text(f"target: {{counts: c.csv}}\nroles: {roles}\n")
    try:
        ethiclens.run(AuditSpec.from_file("a.yaml"))
    except EthicLensInputError as exc:
        assert "(ethiclens counts --y-score)" in str(exc), exc
    else:
        raise AssertionError("an impossible cell was accepted")


def test_count_target_speaks_a_python_callers_spec_keys():
    from ethiclens.spec import AuditSpec, count_target

    spec = AuditSpec.from_dict({"target": {"file": "d.csv"}, "roles": {"y_true": "y"}})
    try:
        count_target(spec)
    except EthicLensInputError as exc:
        assert str(exc).startswith("key 'roles.y_pred/roles.protected': a counts table needs "), exc
        assert "--" not in str(exc), exc
    else:
        raise AssertionError("a spec without roles was counted")
