"""Round 48 (api battery leftover, class: a frame or a mapping given where a path, a list of
groups or a run's name is read).

``probes.write_counterfactuals(pd.DataFrame(), 'g', out)`` crashed with pandas' "truth value
of a DataFrame is ambiguous" (check_probe_outputs read the inputs by their truth value),
``ethiclens.load_target(spec, purpose=pd.DataFrame())`` alike (a purpose was never checked: a
typo was read as a comparison's), and ``make_counterfactuals(X, 'g', groups={'a': 1})`` read
the dict's keys silently (a set in no order). Each is refused naming the argument."""

import pandas as pd
import pytest

import ethiclens
from ethiclens import EthicLensInputError, probes

_X = pd.DataFrame({"g": ["a", "b"], "x": [1, 2]})


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("p,g\n1,a\n0,b\n")
    return path


@pytest.mark.parametrize("bad", [pd.DataFrame(), pd.DataFrame({"g": ["a"]}), pd.Series([1])])
def test_a_frame_for_the_data_file_is_refused_as_no_path(bad, tmp_path):
    with pytest.raises(EthicLensInputError, match=r"^argument 'DATA': must be a file path"):
        probes.write_counterfactuals(bad, "g", tmp_path / "o.csv")
    assert not (tmp_path / "o.csv").exists()


@pytest.mark.parametrize("bad", [pd.DataFrame(), "audti", None, 3])
def test_a_purpose_that_is_no_run_is_refused(bad, data):
    spec = ethiclens.AuditSpec.from_dict({"target": {"file": str(data)}})
    with pytest.raises(EthicLensInputError, match=r"^argument 'purpose': unknown run") as err:
        ethiclens.load_target(spec, purpose=bad)
    assert "use one of audit, compare, thresholds" in str(err.value)


@pytest.mark.parametrize(
    "groups, fix",
    [({"b": 1}, "groups=['b'] as a list"), ({"b", "a"}, "groups=['a', 'b'] as a list")],
)
def test_a_dict_or_set_of_groups_is_refused(groups, fix):
    with pytest.raises(EthicLensInputError, match=r"^argument 'groups': must be a list") as err:
        probes.make_counterfactuals(_X, "g", groups=groups)
    assert fix in str(err.value)


def test_a_list_of_groups_and_a_path_still_run(data, tmp_path):
    assert list(probes.make_counterfactuals(_X, "g", groups=["b"])["g"]) == ["a", "b", "b"]
    assert probes.write_counterfactuals(data, "g", tmp_path / "o.csv") == 4
