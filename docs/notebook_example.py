# %% [markdown]
# # EthicLens in a notebook
#
# The whole flow on COMPAS (shipped with the package): audit a model, read per-group rates,
# compare it with COMPAS's own decile score on the same people, and sweep the decision
# threshold. Each `# %%` block is a cell (VS Code, Jupyter via jupytext, or plain `python`).
# `tests/fairness/test_notebook.py` runs this file in a temporary folder.

# %%
import ethiclens
from ethiclens.datasets import load_compas
from ethiclens.models import train_standard_model

ds = load_compas()
run = train_standard_model(ds, seed=0)  # logistic regression; race and sex not used
y_true = run.y_test.to_numpy()
groups = run.protected_test[["race", "sex"]]

# %% An audit; in Jupyter the result shows as a table (its _repr_html_)
result = ethiclens.audit(
    y_true,
    run.y_pred,
    groups,
    y_score=run.y_score,
    reference={"race": "Caucasian", "sex": "Female"},
    positive_is_favorable=False,  # a recidivism prediction is a harm
    n_boot=1000,
    random_state=0,
)
print(repr(result))  # a few lines, not the dataclasses
html = result._repr_html_()  # what Jupyter displays for the line below
result

# %% Per-group rates with intervals (Fairlearn's MetricFrame.by_group, plus intervals)
by_group = result.by_group()
print(by_group[["n", "selection_rate", "true_positive_rate", "false_positive_rate", "ece"]])

# %% Plots: in Jupyter a returned figure is drawn below the cell
forest = result.plot()  # DI and EO per comparison with intervals, against the policy band
rates = result.plot("rates", attribute="race")  # PPV and FPR per group
forest.savefig("notebook-forest.png")
forest

# %% The full report and a model card (HTML or Markdown, by extension), from Python
result.to_html("notebook-audit.html")
result.to_model_card("notebook-card.md")
result.to_model_card("notebook-card.html")

# %% Is COMPAS's decile score fairer than the logistic model on the same defendants?
decile = ds.extra["score_text"].loc[run.y_test.index].isin(["Medium", "High"]).astype(int)
comparison = ethiclens.compare(
    y_true,
    run.y_pred,
    decile.to_numpy(),
    groups,
    names=("logistic", "decile"),
    reference={"race": "Caucasian", "sex": "Female"},
    positive_is_favorable=False,
    random_state=0,
)
print(repr(comparison))
frame = comparison.to_frame()
print(frame[frame["metric"] == "disparate_impact"][["group", "value_a", "value_b", "difference"]])
comparison.to_html("notebook-compare.html")

# %% How do rates and verdicts move with the threshold?
thresholds = ethiclens.threshold_table(
    y_true,
    run.y_score,
    groups[["race"]],
    reference={"race": "Caucasian"},
    audited_threshold=0.5,
    random_state=0,
)
print(thresholds.verdicts())
figure = thresholds.plot()  # a matplotlib Figure; a path writes a PNG instead
thresholds.plot("notebook-thresholds.png")
