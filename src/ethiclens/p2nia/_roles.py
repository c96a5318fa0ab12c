"""Role names of the released label and prediction columns, shared by every mechanism."""

LABEL, PREDICTION = "Y", "Y_hat"
