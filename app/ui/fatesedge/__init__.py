"""Fate's Edge screens: the roller with exact odds, the sheet, the table, the GM tools."""
