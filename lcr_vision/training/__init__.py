"""Training the dice reader (needs the ``train`` extra, PyTorch): ``lcr-vision train`` runs `run`.

Nothing here is imported at run time; the product reads dice through onnxruntime only.
"""
