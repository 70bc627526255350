"""plotdoc.render.marks"""
