"""plotdoc.render.positions"""
