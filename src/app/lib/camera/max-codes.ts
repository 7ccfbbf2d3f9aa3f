/** How many codes one frame may give: a bag's worth, and a bound on the work spent per frame. */
export const maxCodesPerFrame = 12;
