"""Artists: matplotlib artists that write one SVG element, with its semantic id, per mark."""
