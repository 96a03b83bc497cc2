import torch
from thunder.executors.torchex import no_autocast


@torch.no_grad()
@no_autocast
def nvFusion0(l_x_):
    t1 = torch.mul(l_x_, l_x_)
    return t1


inputs = [torch.testing.make_tensor((16, 1024), dtype=torch.float32, device="cuda:0")]
torch_compiled_callable = torch.compile(nvFusion0)
out = torch_compiled_callable(*inputs)
