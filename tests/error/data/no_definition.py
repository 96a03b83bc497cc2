import torch
from nvfuser import FusionDefinition, DataType

x = 1
print(x)
