"""The session heatmap: one greek's exposure by strike at every snapshot of a session."""
