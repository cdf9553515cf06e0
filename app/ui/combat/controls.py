"""The combat screens' stepper is the shared one (named + and - buttons)."""

from ..widgets import stepper

__all__ = ["stepper"]
