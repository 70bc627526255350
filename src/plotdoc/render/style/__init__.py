"""Style: presets and style layers, colour and size scales, marker shapes, text and numbers."""
