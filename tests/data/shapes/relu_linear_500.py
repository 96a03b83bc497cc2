# Synthetic fusion: 500 ops, seed 7 (bench/make_fusion.py)
import torch
from nvfuser import FusionDefinition, DataType

def synthetic_fusion_500_7(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T2 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T3 = fd.ops.linear(T0, T1, T2)
    T4 = fd.ops.cast(T3, dtype=DataType.Float)
    T5 = fd.ops.relu(T4)
    T6 = fd.ops.cast(T5, dtype=DataType.BFloat16)
    T7 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T8 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T9 = fd.ops.linear(T6, T7, T8)
    T10 = fd.ops.cast(T9, dtype=DataType.Float)
    T11 = fd.ops.relu(T10)
    T12 = fd.ops.cast(T11, dtype=DataType.BFloat16)
    T13 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T14 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T15 = fd.ops.linear(T12, T13, T14)
    T16 = fd.ops.cast(T15, dtype=DataType.Float)
    T17 = fd.ops.relu(T16)
    T18 = fd.ops.cast(T17, dtype=DataType.BFloat16)
    T19 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T20 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T21 = fd.ops.linear(T18, T19, T20)
    T22 = fd.ops.cast(T21, dtype=DataType.Float)
    T23 = fd.ops.relu(T22)
    T24 = fd.ops.cast(T23, dtype=DataType.BFloat16)
    T25 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T26 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T27 = fd.ops.linear(T24, T25, T26)
    T28 = fd.ops.cast(T27, dtype=DataType.Float)
    T29 = fd.ops.relu(T28)
    T30 = fd.ops.cast(T29, dtype=DataType.BFloat16)
    T31 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T32 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T33 = fd.ops.linear(T30, T31, T32)
    T34 = fd.ops.cast(T33, dtype=DataType.Float)
    T35 = fd.ops.relu(T34)
    T36 = fd.ops.cast(T35, dtype=DataType.BFloat16)
    T37 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T38 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T39 = fd.ops.linear(T36, T37, T38)
    T40 = fd.ops.cast(T39, dtype=DataType.Float)
    T41 = fd.ops.relu(T40)
    T42 = fd.ops.cast(T41, dtype=DataType.BFloat16)
    T43 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T44 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T45 = fd.ops.linear(T42, T43, T44)
    T46 = fd.ops.cast(T45, dtype=DataType.Float)
    T47 = fd.ops.relu(T46)
    T48 = fd.ops.cast(T47, dtype=DataType.BFloat16)
    T49 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T50 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T51 = fd.ops.linear(T48, T49, T50)
    T52 = fd.ops.cast(T51, dtype=DataType.Float)
    T53 = fd.ops.relu(T52)
    T54 = fd.ops.cast(T53, dtype=DataType.BFloat16)
    T55 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T56 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T57 = fd.ops.linear(T54, T55, T56)
    T58 = fd.ops.cast(T57, dtype=DataType.Float)
    T59 = fd.ops.relu(T58)
    T60 = fd.ops.cast(T59, dtype=DataType.BFloat16)
    T61 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T62 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T63 = fd.ops.linear(T60, T61, T62)
    T64 = fd.ops.cast(T63, dtype=DataType.Float)
    T65 = fd.ops.relu(T64)
    T66 = fd.ops.cast(T65, dtype=DataType.BFloat16)
    T67 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T68 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T69 = fd.ops.linear(T66, T67, T68)
    T70 = fd.ops.cast(T69, dtype=DataType.Float)
    T71 = fd.ops.relu(T70)
    T72 = fd.ops.cast(T71, dtype=DataType.BFloat16)
    T73 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T74 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T75 = fd.ops.linear(T72, T73, T74)
    T76 = fd.ops.cast(T75, dtype=DataType.Float)
    T77 = fd.ops.relu(T76)
    T78 = fd.ops.cast(T77, dtype=DataType.BFloat16)
    T79 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T80 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T81 = fd.ops.linear(T78, T79, T80)
    T82 = fd.ops.cast(T81, dtype=DataType.Float)
    T83 = fd.ops.relu(T82)
    T84 = fd.ops.cast(T83, dtype=DataType.BFloat16)
    T85 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T86 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T87 = fd.ops.linear(T84, T85, T86)
    T88 = fd.ops.cast(T87, dtype=DataType.Float)
    T89 = fd.ops.relu(T88)
    T90 = fd.ops.cast(T89, dtype=DataType.BFloat16)
    T91 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T92 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T93 = fd.ops.linear(T90, T91, T92)
    T94 = fd.ops.cast(T93, dtype=DataType.Float)
    T95 = fd.ops.relu(T94)
    T96 = fd.ops.cast(T95, dtype=DataType.BFloat16)
    T97 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T98 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T99 = fd.ops.linear(T96, T97, T98)
    T100 = fd.ops.cast(T99, dtype=DataType.Float)
    T101 = fd.ops.relu(T100)
    T102 = fd.ops.cast(T101, dtype=DataType.BFloat16)
    T103 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T104 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T105 = fd.ops.linear(T102, T103, T104)
    T106 = fd.ops.cast(T105, dtype=DataType.Float)
    T107 = fd.ops.relu(T106)
    T108 = fd.ops.cast(T107, dtype=DataType.BFloat16)
    T109 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T110 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T111 = fd.ops.linear(T108, T109, T110)
    T112 = fd.ops.cast(T111, dtype=DataType.Float)
    T113 = fd.ops.relu(T112)
    T114 = fd.ops.cast(T113, dtype=DataType.BFloat16)
    T115 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T116 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T117 = fd.ops.linear(T114, T115, T116)
    T118 = fd.ops.cast(T117, dtype=DataType.Float)
    T119 = fd.ops.relu(T118)
    T120 = fd.ops.cast(T119, dtype=DataType.BFloat16)
    T121 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T122 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T123 = fd.ops.linear(T120, T121, T122)
    T124 = fd.ops.cast(T123, dtype=DataType.Float)
    T125 = fd.ops.relu(T124)
    T126 = fd.ops.cast(T125, dtype=DataType.BFloat16)
    T127 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T128 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T129 = fd.ops.linear(T126, T127, T128)
    T130 = fd.ops.cast(T129, dtype=DataType.Float)
    T131 = fd.ops.relu(T130)
    T132 = fd.ops.cast(T131, dtype=DataType.BFloat16)
    T133 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T134 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T135 = fd.ops.linear(T132, T133, T134)
    T136 = fd.ops.cast(T135, dtype=DataType.Float)
    T137 = fd.ops.relu(T136)
    T138 = fd.ops.cast(T137, dtype=DataType.BFloat16)
    T139 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T140 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T141 = fd.ops.linear(T138, T139, T140)
    T142 = fd.ops.cast(T141, dtype=DataType.Float)
    T143 = fd.ops.relu(T142)
    T144 = fd.ops.cast(T143, dtype=DataType.BFloat16)
    T145 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T146 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T147 = fd.ops.linear(T144, T145, T146)
    T148 = fd.ops.cast(T147, dtype=DataType.Float)
    T149 = fd.ops.relu(T148)
    T150 = fd.ops.cast(T149, dtype=DataType.BFloat16)
    T151 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T152 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T153 = fd.ops.linear(T150, T151, T152)
    T154 = fd.ops.cast(T153, dtype=DataType.Float)
    T155 = fd.ops.relu(T154)
    T156 = fd.ops.cast(T155, dtype=DataType.BFloat16)
    T157 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T158 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T159 = fd.ops.linear(T156, T157, T158)
    T160 = fd.ops.cast(T159, dtype=DataType.Float)
    T161 = fd.ops.relu(T160)
    T162 = fd.ops.cast(T161, dtype=DataType.BFloat16)
    T163 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T164 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T165 = fd.ops.linear(T162, T163, T164)
    T166 = fd.ops.cast(T165, dtype=DataType.Float)
    T167 = fd.ops.relu(T166)
    T168 = fd.ops.cast(T167, dtype=DataType.BFloat16)
    T169 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T170 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T171 = fd.ops.linear(T168, T169, T170)
    T172 = fd.ops.cast(T171, dtype=DataType.Float)
    T173 = fd.ops.relu(T172)
    T174 = fd.ops.cast(T173, dtype=DataType.BFloat16)
    T175 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T176 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T177 = fd.ops.linear(T174, T175, T176)
    T178 = fd.ops.cast(T177, dtype=DataType.Float)
    T179 = fd.ops.relu(T178)
    T180 = fd.ops.cast(T179, dtype=DataType.BFloat16)
    T181 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T182 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T183 = fd.ops.linear(T180, T181, T182)
    T184 = fd.ops.cast(T183, dtype=DataType.Float)
    T185 = fd.ops.relu(T184)
    T186 = fd.ops.cast(T185, dtype=DataType.BFloat16)
    T187 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T188 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T189 = fd.ops.linear(T186, T187, T188)
    T190 = fd.ops.cast(T189, dtype=DataType.Float)
    T191 = fd.ops.relu(T190)
    T192 = fd.ops.cast(T191, dtype=DataType.BFloat16)
    T193 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T194 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T195 = fd.ops.linear(T192, T193, T194)
    T196 = fd.ops.cast(T195, dtype=DataType.Float)
    T197 = fd.ops.relu(T196)
    T198 = fd.ops.cast(T197, dtype=DataType.BFloat16)
    T199 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T200 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T201 = fd.ops.linear(T198, T199, T200)
    T202 = fd.ops.cast(T201, dtype=DataType.Float)
    T203 = fd.ops.relu(T202)
    T204 = fd.ops.cast(T203, dtype=DataType.BFloat16)
    T205 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T206 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T207 = fd.ops.linear(T204, T205, T206)
    T208 = fd.ops.cast(T207, dtype=DataType.Float)
    T209 = fd.ops.relu(T208)
    T210 = fd.ops.cast(T209, dtype=DataType.BFloat16)
    T211 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T212 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T213 = fd.ops.linear(T210, T211, T212)
    T214 = fd.ops.cast(T213, dtype=DataType.Float)
    T215 = fd.ops.relu(T214)
    T216 = fd.ops.cast(T215, dtype=DataType.BFloat16)
    T217 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T218 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T219 = fd.ops.linear(T216, T217, T218)
    T220 = fd.ops.cast(T219, dtype=DataType.Float)
    T221 = fd.ops.relu(T220)
    T222 = fd.ops.cast(T221, dtype=DataType.BFloat16)
    T223 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T224 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T225 = fd.ops.linear(T222, T223, T224)
    T226 = fd.ops.cast(T225, dtype=DataType.Float)
    T227 = fd.ops.relu(T226)
    T228 = fd.ops.cast(T227, dtype=DataType.BFloat16)
    T229 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T230 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T231 = fd.ops.linear(T228, T229, T230)
    T232 = fd.ops.cast(T231, dtype=DataType.Float)
    T233 = fd.ops.relu(T232)
    T234 = fd.ops.cast(T233, dtype=DataType.BFloat16)
    T235 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T236 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T237 = fd.ops.linear(T234, T235, T236)
    T238 = fd.ops.cast(T237, dtype=DataType.Float)
    T239 = fd.ops.relu(T238)
    T240 = fd.ops.cast(T239, dtype=DataType.BFloat16)
    T241 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T242 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T243 = fd.ops.linear(T240, T241, T242)
    T244 = fd.ops.cast(T243, dtype=DataType.Float)
    T245 = fd.ops.relu(T244)
    T246 = fd.ops.cast(T245, dtype=DataType.BFloat16)
    T247 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T248 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T249 = fd.ops.linear(T246, T247, T248)
    T250 = fd.ops.cast(T249, dtype=DataType.Float)
    T251 = fd.ops.relu(T250)
    T252 = fd.ops.cast(T251, dtype=DataType.BFloat16)
    T253 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T254 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T255 = fd.ops.linear(T252, T253, T254)
    T256 = fd.ops.cast(T255, dtype=DataType.Float)
    T257 = fd.ops.relu(T256)
    T258 = fd.ops.cast(T257, dtype=DataType.BFloat16)
    T259 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T260 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T261 = fd.ops.linear(T258, T259, T260)
    T262 = fd.ops.cast(T261, dtype=DataType.Float)
    T263 = fd.ops.relu(T262)
    T264 = fd.ops.cast(T263, dtype=DataType.BFloat16)
    T265 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T266 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T267 = fd.ops.linear(T264, T265, T266)
    T268 = fd.ops.cast(T267, dtype=DataType.Float)
    T269 = fd.ops.relu(T268)
    T270 = fd.ops.cast(T269, dtype=DataType.BFloat16)
    T271 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T272 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T273 = fd.ops.linear(T270, T271, T272)
    T274 = fd.ops.cast(T273, dtype=DataType.Float)
    T275 = fd.ops.relu(T274)
    T276 = fd.ops.cast(T275, dtype=DataType.BFloat16)
    T277 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T278 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T279 = fd.ops.linear(T276, T277, T278)
    T280 = fd.ops.cast(T279, dtype=DataType.Float)
    T281 = fd.ops.relu(T280)
    T282 = fd.ops.cast(T281, dtype=DataType.BFloat16)
    T283 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T284 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T285 = fd.ops.linear(T282, T283, T284)
    T286 = fd.ops.cast(T285, dtype=DataType.Float)
    T287 = fd.ops.relu(T286)
    T288 = fd.ops.cast(T287, dtype=DataType.BFloat16)
    T289 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T290 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T291 = fd.ops.linear(T288, T289, T290)
    T292 = fd.ops.cast(T291, dtype=DataType.Float)
    T293 = fd.ops.relu(T292)
    T294 = fd.ops.cast(T293, dtype=DataType.BFloat16)
    T295 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T296 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T297 = fd.ops.linear(T294, T295, T296)
    T298 = fd.ops.cast(T297, dtype=DataType.Float)
    T299 = fd.ops.relu(T298)
    T300 = fd.ops.cast(T299, dtype=DataType.BFloat16)
    T301 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T302 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T303 = fd.ops.linear(T300, T301, T302)
    T304 = fd.ops.cast(T303, dtype=DataType.Float)
    T305 = fd.ops.relu(T304)
    T306 = fd.ops.cast(T305, dtype=DataType.BFloat16)
    T307 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T308 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T309 = fd.ops.linear(T306, T307, T308)
    T310 = fd.ops.cast(T309, dtype=DataType.Float)
    T311 = fd.ops.relu(T310)
    T312 = fd.ops.cast(T311, dtype=DataType.BFloat16)
    T313 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T314 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T315 = fd.ops.linear(T312, T313, T314)
    T316 = fd.ops.cast(T315, dtype=DataType.Float)
    T317 = fd.ops.relu(T316)
    T318 = fd.ops.cast(T317, dtype=DataType.BFloat16)
    T319 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T320 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T321 = fd.ops.linear(T318, T319, T320)
    T322 = fd.ops.cast(T321, dtype=DataType.Float)
    T323 = fd.ops.relu(T322)
    T324 = fd.ops.cast(T323, dtype=DataType.BFloat16)
    T325 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T326 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T327 = fd.ops.linear(T324, T325, T326)
    T328 = fd.ops.cast(T327, dtype=DataType.Float)
    T329 = fd.ops.relu(T328)
    T330 = fd.ops.cast(T329, dtype=DataType.BFloat16)
    T331 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T332 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T333 = fd.ops.linear(T330, T331, T332)
    T334 = fd.ops.cast(T333, dtype=DataType.Float)
    T335 = fd.ops.relu(T334)
    T336 = fd.ops.cast(T335, dtype=DataType.BFloat16)
    T337 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T338 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T339 = fd.ops.linear(T336, T337, T338)
    T340 = fd.ops.cast(T339, dtype=DataType.Float)
    T341 = fd.ops.relu(T340)
    T342 = fd.ops.cast(T341, dtype=DataType.BFloat16)
    T343 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T344 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T345 = fd.ops.linear(T342, T343, T344)
    T346 = fd.ops.cast(T345, dtype=DataType.Float)
    T347 = fd.ops.relu(T346)
    T348 = fd.ops.cast(T347, dtype=DataType.BFloat16)
    T349 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T350 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T351 = fd.ops.linear(T348, T349, T350)
    T352 = fd.ops.cast(T351, dtype=DataType.Float)
    T353 = fd.ops.relu(T352)
    T354 = fd.ops.cast(T353, dtype=DataType.BFloat16)
    T355 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T356 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T357 = fd.ops.linear(T354, T355, T356)
    T358 = fd.ops.cast(T357, dtype=DataType.Float)
    T359 = fd.ops.relu(T358)
    T360 = fd.ops.cast(T359, dtype=DataType.BFloat16)
    T361 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T362 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T363 = fd.ops.linear(T360, T361, T362)
    T364 = fd.ops.cast(T363, dtype=DataType.Float)
    T365 = fd.ops.relu(T364)
    T366 = fd.ops.cast(T365, dtype=DataType.BFloat16)
    T367 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T368 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T369 = fd.ops.linear(T366, T367, T368)
    T370 = fd.ops.cast(T369, dtype=DataType.Float)
    T371 = fd.ops.relu(T370)
    T372 = fd.ops.cast(T371, dtype=DataType.BFloat16)
    T373 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T374 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T375 = fd.ops.linear(T372, T373, T374)
    T376 = fd.ops.cast(T375, dtype=DataType.Float)
    T377 = fd.ops.relu(T376)
    T378 = fd.ops.cast(T377, dtype=DataType.BFloat16)
    T379 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T380 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T381 = fd.ops.linear(T378, T379, T380)
    T382 = fd.ops.cast(T381, dtype=DataType.Float)
    T383 = fd.ops.relu(T382)
    T384 = fd.ops.cast(T383, dtype=DataType.BFloat16)
    T385 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T386 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T387 = fd.ops.linear(T384, T385, T386)
    T388 = fd.ops.cast(T387, dtype=DataType.Float)
    T389 = fd.ops.relu(T388)
    T390 = fd.ops.cast(T389, dtype=DataType.BFloat16)
    T391 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T392 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T393 = fd.ops.linear(T390, T391, T392)
    T394 = fd.ops.cast(T393, dtype=DataType.Float)
    T395 = fd.ops.relu(T394)
    T396 = fd.ops.cast(T395, dtype=DataType.BFloat16)
    T397 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T398 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T399 = fd.ops.linear(T396, T397, T398)
    T400 = fd.ops.cast(T399, dtype=DataType.Float)
    T401 = fd.ops.relu(T400)
    T402 = fd.ops.cast(T401, dtype=DataType.BFloat16)
    T403 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T404 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T405 = fd.ops.linear(T402, T403, T404)
    T406 = fd.ops.cast(T405, dtype=DataType.Float)
    T407 = fd.ops.relu(T406)
    T408 = fd.ops.cast(T407, dtype=DataType.BFloat16)
    T409 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T410 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T411 = fd.ops.linear(T408, T409, T410)
    T412 = fd.ops.cast(T411, dtype=DataType.Float)
    T413 = fd.ops.relu(T412)
    T414 = fd.ops.cast(T413, dtype=DataType.BFloat16)
    T415 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T416 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T417 = fd.ops.linear(T414, T415, T416)
    T418 = fd.ops.cast(T417, dtype=DataType.Float)
    T419 = fd.ops.relu(T418)
    T420 = fd.ops.cast(T419, dtype=DataType.BFloat16)
    T421 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T422 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T423 = fd.ops.linear(T420, T421, T422)
    T424 = fd.ops.cast(T423, dtype=DataType.Float)
    T425 = fd.ops.relu(T424)
    T426 = fd.ops.cast(T425, dtype=DataType.BFloat16)
    T427 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T428 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T429 = fd.ops.linear(T426, T427, T428)
    T430 = fd.ops.cast(T429, dtype=DataType.Float)
    T431 = fd.ops.relu(T430)
    T432 = fd.ops.cast(T431, dtype=DataType.BFloat16)
    T433 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T434 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T435 = fd.ops.linear(T432, T433, T434)
    T436 = fd.ops.cast(T435, dtype=DataType.Float)
    T437 = fd.ops.relu(T436)
    T438 = fd.ops.cast(T437, dtype=DataType.BFloat16)
    T439 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T440 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T441 = fd.ops.linear(T438, T439, T440)
    T442 = fd.ops.cast(T441, dtype=DataType.Float)
    T443 = fd.ops.relu(T442)
    T444 = fd.ops.cast(T443, dtype=DataType.BFloat16)
    T445 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T446 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T447 = fd.ops.linear(T444, T445, T446)
    T448 = fd.ops.cast(T447, dtype=DataType.Float)
    T449 = fd.ops.relu(T448)
    T450 = fd.ops.cast(T449, dtype=DataType.BFloat16)
    T451 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T452 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T453 = fd.ops.linear(T450, T451, T452)
    T454 = fd.ops.cast(T453, dtype=DataType.Float)
    T455 = fd.ops.relu(T454)
    T456 = fd.ops.cast(T455, dtype=DataType.BFloat16)
    T457 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T458 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T459 = fd.ops.linear(T456, T457, T458)
    T460 = fd.ops.cast(T459, dtype=DataType.Float)
    T461 = fd.ops.relu(T460)
    T462 = fd.ops.cast(T461, dtype=DataType.BFloat16)
    T463 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T464 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T465 = fd.ops.linear(T462, T463, T464)
    T466 = fd.ops.cast(T465, dtype=DataType.Float)
    T467 = fd.ops.relu(T466)
    T468 = fd.ops.cast(T467, dtype=DataType.BFloat16)
    T469 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T470 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T471 = fd.ops.linear(T468, T469, T470)
    T472 = fd.ops.cast(T471, dtype=DataType.Float)
    T473 = fd.ops.relu(T472)
    T474 = fd.ops.cast(T473, dtype=DataType.BFloat16)
    T475 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T476 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T477 = fd.ops.linear(T474, T475, T476)
    T478 = fd.ops.cast(T477, dtype=DataType.Float)
    T479 = fd.ops.relu(T478)
    T480 = fd.ops.cast(T479, dtype=DataType.BFloat16)
    T481 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T482 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T483 = fd.ops.linear(T480, T481, T482)
    T484 = fd.ops.cast(T483, dtype=DataType.Float)
    T485 = fd.ops.relu(T484)
    T486 = fd.ops.cast(T485, dtype=DataType.BFloat16)
    T487 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T488 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T489 = fd.ops.linear(T486, T487, T488)
    T490 = fd.ops.cast(T489, dtype=DataType.Float)
    T491 = fd.ops.relu(T490)
    T492 = fd.ops.cast(T491, dtype=DataType.BFloat16)
    T493 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T494 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T495 = fd.ops.linear(T492, T493, T494)
    T496 = fd.ops.cast(T495, dtype=DataType.Float)
    T497 = fd.ops.relu(T496)
    T498 = fd.ops.cast(T497, dtype=DataType.BFloat16)
    T499 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T500 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T501 = fd.ops.linear(T498, T499, T500)
    T502 = fd.ops.cast(T501, dtype=DataType.Float)
    T503 = fd.ops.relu(T502)
    T504 = fd.ops.cast(T503, dtype=DataType.BFloat16)
    T505 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T506 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T507 = fd.ops.linear(T504, T505, T506)
    T508 = fd.ops.cast(T507, dtype=DataType.Float)
    T509 = fd.ops.relu(T508)
    T510 = fd.ops.cast(T509, dtype=DataType.BFloat16)
    T511 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T512 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T513 = fd.ops.linear(T510, T511, T512)
    T514 = fd.ops.cast(T513, dtype=DataType.Float)
    T515 = fd.ops.relu(T514)
    T516 = fd.ops.cast(T515, dtype=DataType.BFloat16)
    T517 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T518 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T519 = fd.ops.linear(T516, T517, T518)
    T520 = fd.ops.cast(T519, dtype=DataType.Float)
    T521 = fd.ops.relu(T520)
    T522 = fd.ops.cast(T521, dtype=DataType.BFloat16)
    T523 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T524 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T525 = fd.ops.linear(T522, T523, T524)
    T526 = fd.ops.cast(T525, dtype=DataType.Float)
    T527 = fd.ops.relu(T526)
    T528 = fd.ops.cast(T527, dtype=DataType.BFloat16)
    T529 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T530 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T531 = fd.ops.linear(T528, T529, T530)
    T532 = fd.ops.cast(T531, dtype=DataType.Float)
    T533 = fd.ops.relu(T532)
    T534 = fd.ops.cast(T533, dtype=DataType.BFloat16)
    T535 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T536 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T537 = fd.ops.linear(T534, T535, T536)
    T538 = fd.ops.cast(T537, dtype=DataType.Float)
    T539 = fd.ops.relu(T538)
    T540 = fd.ops.cast(T539, dtype=DataType.BFloat16)
    T541 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T542 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T543 = fd.ops.linear(T540, T541, T542)
    T544 = fd.ops.cast(T543, dtype=DataType.Float)
    T545 = fd.ops.relu(T544)
    T546 = fd.ops.cast(T545, dtype=DataType.BFloat16)
    T547 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T548 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T549 = fd.ops.linear(T546, T547, T548)
    T550 = fd.ops.cast(T549, dtype=DataType.Float)
    T551 = fd.ops.relu(T550)
    T552 = fd.ops.cast(T551, dtype=DataType.BFloat16)
    T553 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T554 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T555 = fd.ops.linear(T552, T553, T554)
    T556 = fd.ops.cast(T555, dtype=DataType.Float)
    T557 = fd.ops.relu(T556)
    T558 = fd.ops.cast(T557, dtype=DataType.BFloat16)
    T559 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T560 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T561 = fd.ops.linear(T558, T559, T560)
    T562 = fd.ops.cast(T561, dtype=DataType.Float)
    T563 = fd.ops.relu(T562)
    T564 = fd.ops.cast(T563, dtype=DataType.BFloat16)
    T565 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T566 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T567 = fd.ops.linear(T564, T565, T566)
    T568 = fd.ops.cast(T567, dtype=DataType.Float)
    T569 = fd.ops.relu(T568)
    T570 = fd.ops.cast(T569, dtype=DataType.BFloat16)
    T571 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T572 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T573 = fd.ops.linear(T570, T571, T572)
    T574 = fd.ops.cast(T573, dtype=DataType.Float)
    T575 = fd.ops.relu(T574)
    T576 = fd.ops.cast(T575, dtype=DataType.BFloat16)
    T577 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T578 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T579 = fd.ops.linear(T576, T577, T578)
    T580 = fd.ops.cast(T579, dtype=DataType.Float)
    T581 = fd.ops.relu(T580)
    T582 = fd.ops.cast(T581, dtype=DataType.BFloat16)
    T583 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T584 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T585 = fd.ops.linear(T582, T583, T584)
    T586 = fd.ops.cast(T585, dtype=DataType.Float)
    T587 = fd.ops.relu(T586)
    T588 = fd.ops.cast(T587, dtype=DataType.BFloat16)
    T589 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T590 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T591 = fd.ops.linear(T588, T589, T590)
    T592 = fd.ops.cast(T591, dtype=DataType.Float)
    T593 = fd.ops.relu(T592)
    T594 = fd.ops.cast(T593, dtype=DataType.BFloat16)
    T595 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T596 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T597 = fd.ops.linear(T594, T595, T596)
    T598 = fd.ops.cast(T597, dtype=DataType.Float)
    T599 = fd.ops.relu(T598)
    T600 = fd.ops.cast(T599, dtype=DataType.BFloat16)
    T601 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T602 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T603 = fd.ops.linear(T600, T601, T602)
    T604 = fd.ops.cast(T603, dtype=DataType.Float)
    T605 = fd.ops.relu(T604)
    T606 = fd.ops.cast(T605, dtype=DataType.BFloat16)
    T607 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T608 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T609 = fd.ops.linear(T606, T607, T608)
    T610 = fd.ops.cast(T609, dtype=DataType.Float)
    T611 = fd.ops.relu(T610)
    T612 = fd.ops.cast(T611, dtype=DataType.BFloat16)
    T613 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T614 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T615 = fd.ops.linear(T612, T613, T614)
    T616 = fd.ops.cast(T615, dtype=DataType.Float)
    T617 = fd.ops.relu(T616)
    T618 = fd.ops.cast(T617, dtype=DataType.BFloat16)
    T619 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T620 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T621 = fd.ops.linear(T618, T619, T620)
    T622 = fd.ops.cast(T621, dtype=DataType.Float)
    T623 = fd.ops.relu(T622)
    T624 = fd.ops.cast(T623, dtype=DataType.BFloat16)
    T625 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T626 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T627 = fd.ops.linear(T624, T625, T626)
    T628 = fd.ops.cast(T627, dtype=DataType.Float)
    T629 = fd.ops.relu(T628)
    T630 = fd.ops.cast(T629, dtype=DataType.BFloat16)
    T631 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T632 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T633 = fd.ops.linear(T630, T631, T632)
    T634 = fd.ops.cast(T633, dtype=DataType.Float)
    T635 = fd.ops.relu(T634)
    T636 = fd.ops.cast(T635, dtype=DataType.BFloat16)
    T637 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T638 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T639 = fd.ops.linear(T636, T637, T638)
    T640 = fd.ops.cast(T639, dtype=DataType.Float)
    T641 = fd.ops.relu(T640)
    T642 = fd.ops.cast(T641, dtype=DataType.BFloat16)
    T643 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T644 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T645 = fd.ops.linear(T642, T643, T644)
    T646 = fd.ops.cast(T645, dtype=DataType.Float)
    T647 = fd.ops.relu(T646)
    T648 = fd.ops.cast(T647, dtype=DataType.BFloat16)
    T649 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T650 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T651 = fd.ops.linear(T648, T649, T650)
    T652 = fd.ops.cast(T651, dtype=DataType.Float)
    T653 = fd.ops.relu(T652)
    T654 = fd.ops.cast(T653, dtype=DataType.BFloat16)
    T655 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T656 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T657 = fd.ops.linear(T654, T655, T656)
    T658 = fd.ops.cast(T657, dtype=DataType.Float)
    T659 = fd.ops.relu(T658)
    T660 = fd.ops.cast(T659, dtype=DataType.BFloat16)
    T661 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T662 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T663 = fd.ops.linear(T660, T661, T662)
    T664 = fd.ops.cast(T663, dtype=DataType.Float)
    T665 = fd.ops.relu(T664)
    T666 = fd.ops.cast(T665, dtype=DataType.BFloat16)
    T667 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T668 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T669 = fd.ops.linear(T666, T667, T668)
    T670 = fd.ops.cast(T669, dtype=DataType.Float)
    T671 = fd.ops.relu(T670)
    T672 = fd.ops.cast(T671, dtype=DataType.BFloat16)
    T673 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T674 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T675 = fd.ops.linear(T672, T673, T674)
    T676 = fd.ops.cast(T675, dtype=DataType.Float)
    T677 = fd.ops.relu(T676)
    T678 = fd.ops.cast(T677, dtype=DataType.BFloat16)
    T679 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T680 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T681 = fd.ops.linear(T678, T679, T680)
    T682 = fd.ops.cast(T681, dtype=DataType.Float)
    T683 = fd.ops.relu(T682)
    T684 = fd.ops.cast(T683, dtype=DataType.BFloat16)
    T685 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T686 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T687 = fd.ops.linear(T684, T685, T686)
    T688 = fd.ops.cast(T687, dtype=DataType.Float)
    T689 = fd.ops.relu(T688)
    T690 = fd.ops.cast(T689, dtype=DataType.BFloat16)
    T691 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T692 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T693 = fd.ops.linear(T690, T691, T692)
    T694 = fd.ops.cast(T693, dtype=DataType.Float)
    T695 = fd.ops.relu(T694)
    T696 = fd.ops.cast(T695, dtype=DataType.BFloat16)
    T697 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T698 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T699 = fd.ops.linear(T696, T697, T698)
    T700 = fd.ops.cast(T699, dtype=DataType.Float)
    T701 = fd.ops.relu(T700)
    T702 = fd.ops.cast(T701, dtype=DataType.BFloat16)
    T703 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T704 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T705 = fd.ops.linear(T702, T703, T704)
    T706 = fd.ops.cast(T705, dtype=DataType.Float)
    T707 = fd.ops.relu(T706)
    T708 = fd.ops.cast(T707, dtype=DataType.BFloat16)
    T709 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T710 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T711 = fd.ops.linear(T708, T709, T710)
    T712 = fd.ops.cast(T711, dtype=DataType.Float)
    T713 = fd.ops.relu(T712)
    T714 = fd.ops.cast(T713, dtype=DataType.BFloat16)
    T715 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T716 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T717 = fd.ops.linear(T714, T715, T716)
    T718 = fd.ops.cast(T717, dtype=DataType.Float)
    T719 = fd.ops.relu(T718)
    T720 = fd.ops.cast(T719, dtype=DataType.BFloat16)
    T721 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T722 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T723 = fd.ops.linear(T720, T721, T722)
    T724 = fd.ops.cast(T723, dtype=DataType.Float)
    T725 = fd.ops.relu(T724)
    T726 = fd.ops.cast(T725, dtype=DataType.BFloat16)
    T727 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T728 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T729 = fd.ops.linear(T726, T727, T728)
    T730 = fd.ops.cast(T729, dtype=DataType.Float)
    T731 = fd.ops.relu(T730)
    T732 = fd.ops.cast(T731, dtype=DataType.BFloat16)
    T733 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T734 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T735 = fd.ops.linear(T732, T733, T734)
    T736 = fd.ops.cast(T735, dtype=DataType.Float)
    T737 = fd.ops.relu(T736)
    T738 = fd.ops.cast(T737, dtype=DataType.BFloat16)
    T739 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T740 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T741 = fd.ops.linear(T738, T739, T740)
    T742 = fd.ops.cast(T741, dtype=DataType.Float)
    T743 = fd.ops.relu(T742)
    T744 = fd.ops.cast(T743, dtype=DataType.BFloat16)
    T745 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T746 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T747 = fd.ops.linear(T744, T745, T746)
    T748 = fd.ops.cast(T747, dtype=DataType.Float)
    T749 = fd.ops.relu(T748)
    T750 = fd.ops.cast(T749, dtype=DataType.BFloat16)
    fd.add_output(T750)

with FusionDefinition() as fd:
    synthetic_fusion_500_7(fd)

inputs = [
    torch.randn((2048, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
