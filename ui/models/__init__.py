"""One QAbstractTableModel per entity view, columns declared once."""
