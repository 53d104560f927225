export default function HomePage() {
  return (
    <section className="hero">
      <h1 className="hero__slogan">Grandir. Explorer. Protéger.</h1>
      <p className="muted">Un bracelet à QR code pour que la personne qui trouve votre enfant puisse vous joindre en un instant.</p>
    </section>
  );
}
