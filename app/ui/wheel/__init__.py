"""Wheel of Fate screens: creation flow, roller with exact odds, fate points, GM tools."""
