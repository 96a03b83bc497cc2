"""
Environment information get from `torch.utils.collect_env.get_pretty_env_info()`:
PyTorch version: 2.6.0a0+git
Is debug build: False
CUDA used to build PyTorch: 12.6

Versions of Thunder related libraries:
lightning-thunder==0.2.0.dev0
nvfuser==0.2.23+git

The torch.compile stack is split into 1 graph(s) by Dynamo.
"""
import torch
import thunder
from thunder.dynamo import ThunderCompiler


class DynamoModule(torch.nn.Module):
    def forward(self, L_x_: "f32[16, 1024][1024, 1]cuda:0", L_w_: "f32[4096, 1024][1024, 1]cuda:0"):
        l_x_ = L_x_
        l_w_ = L_w_
        gelu = torch.nn.functional.gelu(l_x_, approximate="tanh")
        linear = torch.nn.functional.linear(gelu, l_w_)
        return (linear.sum(-1),)


def test_graph0():
    inputs = [
        torch.testing.make_tensor((16, 1024), dtype=torch.float32, device="cuda:0", requires_grad=True),
        torch.testing.make_tensor((4096, 1024), dtype=torch.float32, device="cuda:0", requires_grad=True),
    ]
    model = DynamoModule()
    compiled = thunder.jit(model)
    compiled(*inputs)
