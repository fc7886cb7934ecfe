//! A screen's last frame as a PNG, for a person to look at: egui's own
//! triangles filled on the CPU (the repository's kittest has no GPU
//! renderer). Only when `MINUTA_SHOTS` names a folder; a test run without
//! it writes nothing. Pictures show as blank boxes; text and shapes as
//! egui draws them.

use std::path::PathBuf;

use egui::epaint::{ClippedPrimitive, Primitive};
use egui::{Color32, Rect, TextureId};
use egui_kittest::Harness;

/// Writes `name`.png of `harness`'s last frame into `MINUTA_SHOTS`, if set.
pub fn save<S>(harness: &Harness<'_, S>, name: &str) {
    let Some(dir) = std::env::var_os("MINUTA_SHOTS").map(PathBuf::from) else {
        return;
    };
    std::fs::create_dir_all(&dir).expect("the shots' folder");
    let ctx = &harness.ctx;
    let screen = ctx.content_rect();
    let (width, height) = (screen.width() as usize, screen.height() as usize);
    let atlas = ctx.fonts(|f| f.image());
    let shapes = harness.output().shapes.clone();
    let primitives = ctx.tessellate(shapes, 1.0);
    // Premultiplied RGBA, the window's background first.
    let back = ctx.global_style().visuals.panel_fill;
    let mut canvas = vec![rgba(back); width * height];
    for ClippedPrimitive {
        clip_rect,
        primitive,
    } in &primitives
    {
        let Primitive::Mesh(mesh) = primitive else {
            continue;
        };
        let clip = clip_rect.intersect(Rect::from_min_size(egui::Pos2::ZERO, screen.size()));
        let font = mesh.texture_id == TextureId::default();
        for tri in mesh.indices.chunks_exact(3) {
            let [a, b, c] = [0, 1, 2].map(|i| &mesh.vertices[tri[i] as usize]);
            let area = edge(a.pos, b.pos, c.pos);
            if area.abs() < 1e-6 {
                continue;
            }
            let bounds = Rect::from_points(&[a.pos, b.pos, c.pos]).intersect(clip);
            if !bounds.is_positive() {
                continue;
            }
            let (x0, x1) = (bounds.min.x.floor() as usize, bounds.max.x.ceil() as usize);
            let (y0, y1) = (bounds.min.y.floor() as usize, bounds.max.y.ceil() as usize);
            for y in y0..y1.min(height) {
                for x in x0..x1.min(width) {
                    let p = egui::pos2(x as f32 + 0.5, y as f32 + 0.5);
                    let (wa, wb, wc) = (
                        edge(b.pos, c.pos, p) / area,
                        edge(c.pos, a.pos, p) / area,
                        edge(a.pos, b.pos, p) / area,
                    );
                    if wa < 0.0 || wb < 0.0 || wc < 0.0 {
                        continue;
                    }
                    let mix = |f: fn(Color32) -> u8| {
                        (wa * f32::from(f(a.color))
                            + wb * f32::from(f(b.color))
                            + wc * f32::from(f(c.color)))
                            / 255.0
                    };
                    let mut src = [
                        mix(|c| c.r()),
                        mix(|c| c.g()),
                        mix(|c| c.b()),
                        mix(|c| c.a()),
                    ];
                    if font {
                        let u = wa * a.uv.x + wb * b.uv.x + wc * c.uv.x;
                        let v = wa * a.uv.y + wb * b.uv.y + wc * c.uv.y;
                        let tx = ((u * atlas.size[0] as f32) as usize).min(atlas.size[0] - 1);
                        let ty = ((v * atlas.size[1] as f32) as usize).min(atlas.size[1] - 1);
                        let texel = rgba(atlas.pixels[ty * atlas.size[0] + tx]);
                        for (s, t) in src.iter_mut().zip(texel) {
                            *s *= t;
                        }
                    }
                    let dst = &mut canvas[y * width + x];
                    for (d, s) in dst.iter_mut().zip(src) {
                        *d = s + *d * (1.0 - src[3]);
                    }
                }
            }
        }
    }
    let bytes: Vec<u8> = canvas
        .iter()
        .flat_map(|[r, g, b, _]| [*r, *g, *b, 1.0].map(|c| (c.clamp(0.0, 1.0) * 255.0) as u8))
        .collect();
    let image = image::RgbaImage::from_raw(width as u32, height as u32, bytes).expect("a frame");
    let file: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    image
        .save(dir.join(format!("{file}.png")))
        .expect("the shot saved");
}

fn rgba(c: Color32) -> [f32; 4] {
    [c.r(), c.g(), c.b(), c.a()].map(|v| f32::from(v) / 255.0)
}

/// Twice the signed area of `a b p`.
fn edge(a: egui::Pos2, b: egui::Pos2, p: egui::Pos2) -> f32 {
    (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
}
