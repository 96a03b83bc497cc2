import torch


class DynamoModule(torch.nn.Module):
    def forward(self, l_x_: "f32[16, 1024][1024, 1]cuda:0", l_w_: "f32[4096, 1024][1024, 1]cuda:0"):
        gelu = torch.nn.functional.gelu(l_x_, approximate="tanh")
        linear = torch.nn.functional.linear(gelu, l_w_)
        return (linear.sum(-1),)


def test_graph0_thunder_0():
    inputs = [
        torch.testing.make_tensor((16, 1024), dtype=torch.float32, device="cuda:0"),
        torch.testing.make_tensor((4096, 1024), dtype=torch.float32, device="cuda:0"),
    ]
    DynamoModule()(*inputs)
