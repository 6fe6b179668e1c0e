"""Training the dice reader (needs the ``train`` extra, PyTorch): ``python -m lcr_vision.training``.

Nothing here is imported at run time; the product reads dice through onnxruntime only.
"""
